import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def swap(u, v):
    return v, u


def run(mesh, x):
    a = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))
    b = jax.device_put(x, NamedSharding(mesh, P("i", None)))
    a, b = swap(a, b)  # `a` is now laid out P('i', None): the gather below keeps it
    with jax.set_mesh(mesh):
        return top_level_all_gather(a, P("i", None)), b
