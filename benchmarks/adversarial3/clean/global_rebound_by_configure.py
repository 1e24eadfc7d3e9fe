"""Module-level axis names from the environment; configure_zero() rebinds the gather axis (global)."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH_AXIS = os.environ.get("BATCH_AXIS", "data")
GATHER_AXIS = os.environ.get("GATHER_AXIS", "model")


def configure_zero():
    global GATHER_AXIS
    GATHER_AXIS = BATCH_AXIS


def gather_step(w):
    full = jax.lax.all_gather(w, GATHER_AXIS, to="reduced", tiled=True)
    return jnp.sin(full)


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(w):
    mesh = jax.make_mesh((2, 4), (BATCH_AXIS, GATHER_AXIS))
    w = jax.device_put(w, NamedSharding(mesh, P(BATCH_AXIS)))
    configure_zero()
    out = jax.shard_map(gather_step, mesh=mesh, in_specs=P(BATCH_AXIS), out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
