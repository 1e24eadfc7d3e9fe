import os

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

DATA = os.environ.get("SHARDFIX_AK4_DATA", "i")
MODEL = os.getenv("SHARDFIX_AK4_MODEL", "j")


def loss(v):
    local = jnp.sum(v * v)
    total = jax.lax.psum(local, DATA)
    return jax.lax.all_gather(total[None], DATA, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    return jax.shard_map(loss, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P(MODEL, reduced={DATA}))(x)
