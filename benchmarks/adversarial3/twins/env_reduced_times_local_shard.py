"""Attention-like scores: rows of a reduced gather times the local (varying) shard: legal."""
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
        keys = jax.lax.all_gather(x, DATA, to="reduced", tiled=True)
        return keys[:4] * 2.0

    out = jax.shard_map(body, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P(DATA, MODEL))(x)
    return float(np.asarray(out).sum())
