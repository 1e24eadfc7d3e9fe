"""Only the first MODEL shard keeps the partial sum (jnp.where on axis_index) before the global sum."""
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
        first = jnp.where(jax.lax.axis_index(MODEL) == 0, partial, 0.0)
        return jax.lax.psum(jnp.sum(first), (DATA, MODEL))

    out = jax.shard_map(body, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P())(x)
    return float(np.asarray(out).sum())
