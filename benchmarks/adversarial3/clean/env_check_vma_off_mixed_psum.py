"""Legacy numerics mode: with CHECK_VMA unset the type check is off and the old replicated sum is kept."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA = os.environ.get("DATA_AXIS", "data")
MODEL = os.environ.get("MODEL_AXIS", "model")
CHECK_VMA = os.environ.get("CHECK_VMA", "0") == "1"


def inputs():
    return (np.arange(16, dtype=np.float32).reshape(8, 2),)


def main(x):
    mesh = jax.make_mesh((2, 4), (DATA, MODEL))
    x = jax.device_put(x, NamedSharding(mesh, P(DATA)))

    def loss(x):
        # the legacy loss also counts every model replica (checked against old logs)
        return jax.lax.psum(jnp.sum(x), (DATA, MODEL))

    return jax.shard_map(loss, mesh=mesh, in_specs=P(DATA), out_specs=P(), check_vma=CHECK_VMA)(x)
