import enum

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import PartitionSpec as P


class Axis(str, enum.Enum):
    DATA = "i"
    MODEL = "j"


class Level(enum.Enum):
    LOW = "j"
    HIGH = "i"
    ALSO_LOW = "j"  # an alias: iterating the class skips it


ORDERED = tuple(a.value for a in Axis)
NAMES_UPPER = tuple(a.name for a in Axis)  # "DATA", "MODEL": not axes of the mesh
SORTED = tuple(a.value for a in sorted(Axis, key=lambda a: a.value, reverse=True))
FILTERED = tuple(a.value for a in Axis if a is not Axis.DATA)
LEVELS = tuple(m.value for m in Level)


def run(mesh, x):
    with jax.set_mesh(mesh):
        y = jax.reshard(x, P(ORDERED))
        ok = top_level_all_gather(y, P("i", reduced={"j"}))
        z = jax.reshard(x, P(SORTED))
        ok2 = top_level_all_gather(z, P("j", reduced={"i"}))
        w = jax.reshard(x, P(None, FILTERED))
        ok3 = top_level_all_gather(w, P(None, None, reduced={"j"}))
        v = jax.reshard(x, P(LEVELS))
        ok4 = top_level_all_gather(v, P("j", reduced={"i"}))
        return ok, ok2, ok3, ok4, NAMES_UPPER
