import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

AXES = ("i", "j")
DP, TP = AXES
ROW = P(AXES, None)


def shard(mesh, x):
    """Rows over every axis."""
    return jax.device_put(x, NamedSharding(mesh, ROW))


def main(x):
    mesh = jax.make_mesh((2, 4), AXES)
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P(AXES, None)))
        b = top_level_all_gather(a, NamedSharding(mesh, P(AXES[0], None)))  # SF104
        c = top_level_all_gather(a, NamedSharding(mesh, P(DP, None)))  # SF104
        d = shard(mesh, x)
        e = top_level_all_gather(d, NamedSharding(mesh, P(None, None)))  # SF104
        f = jax.device_put(x, P(AXES, None))
        g = top_level_all_gather(f, P(TP, None))  # SF104
        h = top_level_all_gather(a, P(AXES[-1], None))  # SF104
        k = top_level_all_gather(a, NamedSharding(mesh, P(DP, None, reduced={"j"})))  # none
    return b, c, e, g, h, k
