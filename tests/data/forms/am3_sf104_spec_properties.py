import dataclasses
import functools

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Tiling:
    row_axis: str = "i"
    col_axis: str = "j"

    @property
    def blocks(self):
        return P(self.row_axis, self.col_axis)

    @property
    def row_panels(self):
        """Whole columns, rows still split."""
        return P(self.row_axis, None)


TILING = Tiling()


class Layout:
    def __init__(self, data, model):
        self.data = data
        self.model = model

    @functools.cached_property
    def stacked(self):
        return P((self.data, self.model), None)

    @property
    def by_model(self):
        return P(self.model, None, reduced={self.data})


def run(mesh, x):
    layout = Layout("i", "j")
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, TILING.blocks))
        cols = top_level_all_gather(a, P(None, "j"))  # SF104
        b = jax.reshard(x, layout.stacked)
        rows = top_level_all_gather(b, layout.by_model)  # SF104
        c = jax.device_put(x, TILING.blocks)
        panels = top_level_all_gather(c, TILING.row_panels)  # SF104
        wanted = Tiling().row_panels
        blocks = TILING.blocks
        d = jax.device_put(x, NamedSharding(mesh, blocks))
        rows2 = top_level_all_gather(d, wanted)  # SF104
        return cols, rows, panels, rows2
