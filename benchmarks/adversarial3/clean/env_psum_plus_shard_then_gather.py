"""A residual: the all-reduced value plus the local shard varies again, so the reduced gather is legal."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = os.environ.get("SEQ_AXIS", "seq")


def inputs():
    return (np.arange(16, dtype=np.float32).reshape(8, 2),)


def main(x):
    mesh = jax.make_mesh((8,), (AXIS,))
    x = jax.device_put(x, NamedSharding(mesh, P(AXIS)))

    def body(x):
        total = jax.lax.psum(x, AXIS)
        resid = total + x
        return jax.lax.all_gather(resid, AXIS, to="reduced", tiled=True)

    out = jax.shard_map(body, mesh=mesh, in_specs=P(AXIS), out_specs=P(None, reduced={AXIS}))(x)
    return float(np.asarray(out).sum())
