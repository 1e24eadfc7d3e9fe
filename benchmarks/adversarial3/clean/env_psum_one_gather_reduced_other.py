"""Sum over DATA, then a reduced gather over MODEL (the value still varies on MODEL)."""
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
        cols = jax.lax.psum(x, DATA)
        return jax.lax.all_gather(cols, MODEL, to="reduced", tiled=True, axis=1)

    out = jax.shard_map(body, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P(None, None, reduced={MODEL}))(x)
    return float(np.asarray(out).sum())
