import os

import jax
from jax.sharding import PartitionSpec as P

EXTRA = tuple(os.environ.get("SHARDFIX_NAK8_EXTRA", "").split())


def reduce_block(mesh, x, axes="i"):
    def body(v):
        s = jax.lax.psum(v, axes)
        return jax.lax.all_gather(s, axes, tiled=True, to="reduced")  # none: a caller passes a tuple (empty here)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", axes), out_specs=P("i", axes))(x)


def main(mesh, x):
    return reduce_block(mesh, x, EXTRA)
