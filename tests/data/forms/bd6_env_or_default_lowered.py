import os

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

RAW = os.environ.get("SF_BD6_AXIS")
AXIS = (RAW or " J ").strip().lower()


def norms(mesh, x):
    def body(block):
        sq = jax.lax.psum(jnp.sum(block * block), AXIS)
        gathered = jax.lax.all_gather(sq[None], AXIS, tiled=True, to="reduced")  # SF101
        return jnp.max(gathered)

    return jax.shard_map(body, mesh=mesh, in_specs=P(), out_specs=P())(x)
