"""A MODEL partial sum is gathered back (plain all_gather varies on MODEL) before the global sum."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA = os.environ.get("DATA_AXIS", "data")
MODEL = os.environ.get("MODEL_AXIS", "model")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), (DATA, MODEL))
    x = jax.device_put(x, NamedSharding(mesh, P(DATA, MODEL)))

    def body(x):
        partial = jax.lax.psum(x, MODEL)
        spread = jax.lax.all_gather(partial, MODEL, tiled=True)
        return jax.lax.psum(jnp.sum(spread), (DATA, MODEL))

    out = jax.shard_map(body, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P())(x)
    return float(np.asarray(out).sum())
