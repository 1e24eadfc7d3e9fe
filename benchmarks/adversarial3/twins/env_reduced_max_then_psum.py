"""The max of a reduced gather is all-reduced over the same axis (max dropped the reduced state)."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = os.environ.get("STAT_AXIS", "data")


def inputs():
    return (np.arange(16, dtype=np.float32).reshape(8, 2),)


def main(x):
    mesh = jax.make_mesh((8,), (AXIS,))
    x = jax.device_put(x, NamedSharding(mesh, P(AXIS)))

    def body(x):
        full = jax.lax.all_gather(x, AXIS, to="reduced", tiled=True)
        return jax.lax.pmean(jnp.sum(full), AXIS)

    return jax.shard_map(body, mesh=mesh, in_specs=P(AXIS), out_specs=P())(x)
