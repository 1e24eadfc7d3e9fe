import dataclasses

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Tiling:
    row_axis: str = "i"
    col_axis: str = "j"

    @property
    def blocks(self):
        return P(self.row_axis, self.col_axis)


class Swapped(Tiling):
    @property
    def blocks(self):
        return P(self.col_axis, None)


class Layout:
    def __init__(self, data, model):
        self.data = data
        self.model = model

    @property
    def stacked(self):
        if self.data == "j":
            return P(None, None)
        return P((self.data, self.model), None)


def place(tiling, mesh, x):
    return jax.device_put(x, NamedSharding(mesh, tiling.blocks))


def run(mesh, x):
    tiling = Tiling()
    tiling.row_axis = "j"
    tiling.col_axis = "i"
    layout = Layout("i", "j")
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, tiling.blocks))
        ok = top_level_all_gather(a, P("j", None, reduced={"i"}))
        b = place(Swapped(), mesh, x)
        ok2 = top_level_all_gather(b, P(None, None, reduced={"j"}))
        c = jax.reshard(x, layout.stacked)
        ok3 = top_level_all_gather(c, P("i", None, reduced={"j"}))
        return ok, ok2, ok3
