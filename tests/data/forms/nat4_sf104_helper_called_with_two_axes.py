import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def placed(mesh, x, axis):
    return jax.device_put(x, NamedSharding(mesh, P(axis, None)))


def collect(y, axis):
    return top_level_all_gather(y, P(axis, None))


def run(mesh, x):
    a = placed(mesh, x, "i")
    b = placed(mesh, x, "j")
    with jax.set_mesh(mesh):
        return collect(a, "i"), collect(b, "j")
