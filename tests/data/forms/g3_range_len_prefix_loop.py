import jax
from jax.sharding import PartitionSpec as P

AXES = ("i", "j")


def progressive_gather(table, axes):
    for k in range(len(axes)):
        prefix = axes[: k + 1]  # ('i',), then ('i', 'j')
        table = jax.lax.all_gather(table, prefix, axis=0, tiled=True, to="reduced")  # SF102
    return table


def run(mesh, x):
    f = jax.shard_map(lambda t: progressive_gather(t, AXES), mesh=mesh,
                      in_specs=P(AXES), out_specs=P(reduced=set(AXES)))
    return f(x)
