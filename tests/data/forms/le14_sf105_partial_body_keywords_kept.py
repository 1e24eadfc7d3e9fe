import functools

import jax
from jax.sharding import PartitionSpec as P


def reduce(block, sync_axes):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, sync_axes)  # SF105


def main(mesh, x):
    body = functools.partial(reduce, sync_axes=("i", "j"))
    print(sorted(body.keywords))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
