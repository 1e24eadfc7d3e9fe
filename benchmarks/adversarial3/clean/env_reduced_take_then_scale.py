"""Pick rows of a reduced gather with jnp.take (drops the reduced state), then scale them."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = os.environ.get("ROWS_AXIS", "rows")


def inputs():
    return np.arange(16, dtype=np.float32).reshape(8, 2), np.array([0, 3], dtype=np.int32)


def main(x, idx):
    mesh = jax.make_mesh((8,), (AXIS,))
    x = jax.device_put(x, NamedSharding(mesh, P(AXIS)))
    idx = jax.device_put(idx, NamedSharding(mesh, P()))

    def body(x, idx):
        table = jax.lax.all_gather(x, AXIS, to="reduced", tiled=True)
        picked = jnp.take(table, idx, axis=0)
        return picked * 2.0 + 1.0

    return jax.shard_map(body, mesh=mesh, in_specs=(P(AXIS), P()), out_specs=P())(x, idx)
