"""Single-axis runs: TP_AXIS_NAME defaults to the data axis through os.environ.setdefault before it is read."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA = os.environ.get("DATA_AXIS", "data")
os.environ.setdefault("TP_AXIS_NAME_UNUSED", DATA)
MODEL = os.environ.get("TP_AXIS_NAME", "model")


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(w):
    mesh = jax.make_mesh((8,), (DATA,)) if MODEL == DATA else jax.make_mesh((2, 4), (DATA, MODEL))
    w = jax.device_put(w, NamedSharding(mesh, P(DATA)))

    def step(w):
        return jnp.sin(jax.lax.all_gather(w, MODEL, to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=P(DATA), out_specs=P(None, reduced={MODEL}))(w)
    return float(np.asarray(out).sum())
