import jax
from jax.sharding import PartitionSpec as P


def reduce_over(mesh, x, axes):
    return jax.shard_map(lambda v: jax.lax.psum(v, axes),
                         mesh=mesh, in_specs=P("i", None), out_specs=P())(x)


def run(mesh, x):
    found = None
    for axes in ("i", ("i", "j")):
        found = reduce_over(mesh, x, axes)
        if found is not None:
            break
    return found
