import os

import jax
from jax.sharding import PartitionSpec as P

FIRST = os.environ.get("SHARDFIX_NAK3_FIRST", "i")
SECOND = os.environ.get("SHARDFIX_NAK3_SECOND", "i")


def body(v):
    s = jax.lax.all_gather(v, SECOND, tiled=True, to="reduced")  # none: a reduced={...} set proves no two names apart
    return s


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P(FIRST), out_specs=P(None, reduced={FIRST, SECOND}))(x)
