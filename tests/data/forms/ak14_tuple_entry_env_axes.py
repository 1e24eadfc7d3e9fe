import os

import jax
from jax.sharding import PartitionSpec as P

AXES = tuple(os.environ.get("SHARDFIX_AK14_AXES", "i,j").split(","))


def body(v):
    s = jax.lax.psum(v, AXES[0])
    return jax.lax.all_gather(s, AXES[0], tiled=True, to="reduced")  # SF101


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P((AXES[0], AXES[1])),
                         out_specs=P(AXES[1], None, reduced={AXES[0]}))(x)
