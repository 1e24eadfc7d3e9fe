"""A module constant GATHER is shadowed by a local of the same name in the builder (ZeRO folding)."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH = os.environ.get("BATCH_AXIS", "data")
GATHER = os.environ.get("GATHER_AXIS", "model")


def build_step(zero):
    GATHER = BATCH if zero else globals()["GATHER"]

    def step(w):
        return jnp.tanh(jax.lax.all_gather(w, GATHER, to="reduced", tiled=True))

    return step


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(w):
    mesh = jax.make_mesh((2, 4), (BATCH, GATHER))
    w = jax.device_put(w, NamedSharding(mesh, P(BATCH)))
    out = jax.shard_map(build_step(True), mesh=mesh, in_specs=P(BATCH), out_specs=P(None, reduced={BATCH}))(w)
    return float(np.asarray(out).sum())
