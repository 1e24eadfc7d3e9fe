"""Row sums then a reduced gather over BOTH axes: legal, since the value still varies on MODEL."""
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
        rows = jax.lax.psum(x, DATA)
        return jax.lax.all_gather(rows, (DATA, MODEL), to="reduced", tiled=True)

    out = jax.shard_map(body, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P(None, None, reduced={DATA, MODEL}))(x)
    return float(np.asarray(out).sum())
