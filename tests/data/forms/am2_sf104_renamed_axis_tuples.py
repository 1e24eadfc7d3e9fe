import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import PartitionSpec as P

NAMES = ("i", "j")
DATA_AXES = tuple(name for name in NAMES)
COLUMNS = [axis for axis in ["j", "i"]]


def gather_rows(x):
    x = jax.reshard(x, P(DATA_AXES))
    return top_level_all_gather(x, P("j", reduced={"i"}))  # SF104


def gather_cols(x):
    x = jax.reshard(x, P(None, COLUMNS))
    return top_level_all_gather(x, P(None, COLUMNS[1], reduced={COLUMNS[0]}))  # SF104


def run(mesh, x):
    with jax.set_mesh(mesh):
        return gather_rows(x), gather_cols(x)
