import jax
from jax.sharding import PartitionSpec as P

AXES = ("i", "j")


def progressive_gather(table, axes):
    for k in range(len(axes)):
        table = jax.lax.all_gather(table, axes[k], axis=0, tiled=True, to="reduced")
    return table


def gather_last_first(table, axes):
    for k in range(len(axes) - 1, -1, -1):  # 'j' first, then 'i'
        table = jax.lax.all_gather(table, axes[k], axis=1, tiled=True, to="reduced")
    return table


def run(mesh, x):
    f = jax.shard_map(lambda t: progressive_gather(t, AXES), mesh=mesh,
                      in_specs=P(AXES), out_specs=P(reduced=set(AXES)))
    g = jax.shard_map(lambda t: gather_last_first(t, AXES), mesh=mesh,
                      in_specs=P(None, AXES), out_specs=P(reduced=set(AXES)))
    return f(x), g(x)
