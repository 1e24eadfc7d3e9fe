import enum

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxis(str, enum.Enum):
    """The mesh's axes, outermost first."""
    ROW = "i"
    COL = "j"


class Plain(enum.Enum):
    OUTER = "i"
    INNER = "j"

    def describe(self):
        return f"axis {self.value}"


AXES = tuple(a.value for a in MeshAxis)
AXIS_LIST = [m.value for m in Plain]
BOTH = list(ax.value for ax in MeshAxis)


def run(mesh, x):
    with jax.set_mesh(mesh):
        y = jax.device_put(x, NamedSharding(mesh, P(AXES, None)))
        a = top_level_all_gather(y, P(AXES[1], None, reduced={AXES[0]}))  # SF104
        z = jax.reshard(x, P(None, AXIS_LIST))
        b = top_level_all_gather(z, P(None, AXIS_LIST[-1], reduced={"i"}))  # SF104
        w = jax.reshard(x, P(AXES))
        c = top_level_all_gather(w, P(BOTH[1], reduced=set(BOTH[:1])))  # SF104
        return a, b, c
