"""Per-MODEL-shard noise (fold_in of axis_index) added to a partial sum, then a global sum."""
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
        partial = jax.lax.psum(jnp.sum(x), MODEL)
        key = jax.random.fold_in(jax.random.key(0), jax.lax.axis_index(MODEL))
        noisy = partial + jnp.sum(jax.random.normal(key, (2,)))
        return jax.lax.psum(noisy, (DATA, MODEL))

    out = jax.shard_map(body, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P())(x)
    return float(np.asarray(out).sum())
