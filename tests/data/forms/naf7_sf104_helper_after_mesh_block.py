import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def gather_rows(x):
    return top_level_all_gather(x, P(None, reduced={"i"}))  # none: main may run under a caller's set_mesh


def main(mesh, x):
    with jax.set_mesh(mesh):
        y = jax.device_put(x, NamedSharding(mesh, P("i")))
    return gather_rows(y)
