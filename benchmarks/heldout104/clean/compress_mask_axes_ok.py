"""Axes to reduce over are selected by a boolean mask with itertools.compress."""
import itertools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NAMES = ("data", "model")
REDUCE_MASK = (1, 0)


def body(b):
    count = jax.lax.psum(jnp.ones(()), "model")
    local = jnp.sum(b) / count
    rows = jax.lax.psum(local, "model")
    axes = tuple(itertools.compress(NAMES, REDUCE_MASK))
    return jax.lax.psum(rows, axes)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P())
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
