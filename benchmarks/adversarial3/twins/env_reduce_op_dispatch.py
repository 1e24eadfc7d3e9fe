"""The metric reduction is picked by name from jax.lax (pmax by default), over both axes."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA = os.environ.get("DATA_AXIS", "data")
MODEL = os.environ.get("MODEL_AXIS", "model")
REDUCE = getattr(jax.lax, os.environ.get("METRIC_REDUCE", "psum"))


def inputs():
    return (np.arange(16, dtype=np.float32).reshape(8, 2),)


def main(x):
    mesh = jax.make_mesh((2, 4), (DATA, MODEL))
    x = jax.device_put(x, NamedSharding(mesh, P(DATA)))

    def metric(x):
        return REDUCE(jnp.max(x), (DATA, MODEL))

    return jax.shard_map(metric, mesh=mesh, in_specs=P(DATA), out_specs=P())(x)
