import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather
import functools

AXES = ("i", "j")


def shard(mesh, x, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


@functools.lru_cache
def shard_rows(mesh, x):
    return jax.device_put(x, NamedSharding(mesh, P(AXES, None)))


def put_twice(mesh, x):
    y = jax.device_put(x, NamedSharding(mesh, P(AXES, None)))
    return jax.device_put(y, NamedSharding(mesh, P(None, None)))


def main(x, axes):
    mesh = jax.make_mesh((2, 4), AXES)
    DP, TP = axes
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P(AXES, None)))
        b = top_level_all_gather(a, NamedSharding(mesh, P(DP, None, reduced={"j"})))  # none
        c = top_level_all_gather(a, NamedSharding(mesh, P(AXES[2], None)))  # none
        d = top_level_all_gather(a, NamedSharding(mesh, P(axes[0], None, reduced={"j"})))  # none
        e = shard(mesh, x, P(axes, None))
        f = top_level_all_gather(e, NamedSharding(mesh, P(None, None)))  # none
        g = shard_rows(mesh, x)
        h = top_level_all_gather(g, NamedSharding(mesh, P(None, None)))  # none
        k = put_twice(mesh, x)
        m = top_level_all_gather(k, NamedSharding(mesh, P(None, None)))  # none
    return b, c, d, f, h, m
