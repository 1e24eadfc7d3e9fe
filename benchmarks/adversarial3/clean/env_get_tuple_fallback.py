"""SYNC_AXIS from the environment; unset, the fallback is the empty group (no sync)."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH = os.environ.get("BATCH_AXIS", "data")
SYNC = os.environ.get("SYNC_AXIS", ())


def sync(g):
    total = jax.lax.psum(g, SYNC)
    return jax.lax.all_gather(total, SYNC, to="reduced", tiled=True)


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(g):
    mesh = jax.make_mesh((8,), (BATCH,))
    g = jax.device_put(g, NamedSharding(mesh, P(BATCH)))
    return jax.shard_map(sync, mesh=mesh, in_specs=P(BATCH), out_specs=P(BATCH))(g)
