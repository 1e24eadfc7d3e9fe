"""A partial sum over MODEL times a MODEL-sharded input varies on both axes again before the global sum."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA = os.environ.get("DATA_AXIS", "data")
MODEL = os.environ.get("MODEL_AXIS", "model")


def inputs():
    return np.arange(64, dtype=np.float32).reshape(8, 8), np.linspace(0, 1, 4, dtype=np.float32)


def main(x, scale):
    mesh = jax.make_mesh((2, 4), (DATA, MODEL))
    x = jax.device_put(x, NamedSharding(mesh, P(DATA, MODEL)))
    scale = jax.device_put(scale, NamedSharding(mesh, P(MODEL)))

    def body(x, s):
        per_row = jax.lax.psum(jnp.sum(x, axis=1), MODEL)
        weighted = per_row[:1]
        return jax.lax.psum(jnp.sum(weighted), (DATA, MODEL))

    return jax.shard_map(body, mesh=mesh, in_specs=(P(DATA, MODEL), P(MODEL)), out_specs=P())(x, scale)
