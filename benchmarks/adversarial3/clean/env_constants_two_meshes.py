"""Two meshes from env axis names: a 2-D one for the model, a 1-D one over all devices for the optimizer."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA = os.environ.get("DATA_AXIS", "data")
MODEL = os.environ.get("MODEL_AXIS", "model")
OPT = os.environ.get("OPT_AXIS", "data")


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(w):
    model_mesh = jax.make_mesh((2, 4), (DATA, MODEL))
    opt_mesh = jax.make_mesh((8,), (OPT,))
    del model_mesh  # built for the forward pass elsewhere; the optimizer uses the flat mesh
    w = jax.device_put(w, NamedSharding(opt_mesh, P(OPT)))

    def update(w):
        full = jax.lax.all_gather(w, DATA, to="reduced", tiled=True)
        return jnp.exp(full)

    out = jax.shard_map(update, mesh=opt_mesh, in_specs=P(OPT), out_specs=P(None, reduced={DATA}))(w)
    return float(np.asarray(out).sum())
