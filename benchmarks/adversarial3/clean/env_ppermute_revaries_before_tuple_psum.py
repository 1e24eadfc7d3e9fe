"""Ring shift over MODEL after a partial sum makes the value varying on MODEL again; then a global sum."""
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
    ring = [(i, (i + 1) % 4) for i in range(4)]

    def body(x):
        partial = jax.lax.psum(jnp.sum(x), MODEL)
        shifted = jax.lax.ppermute(partial, MODEL, ring)
        return jax.lax.psum(shifted, (DATA, MODEL))

    return jax.shard_map(body, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P())(x)
