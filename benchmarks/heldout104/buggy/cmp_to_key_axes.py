"""Axes sorted with an old-style comparison function before the reduction."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SIZES = {"data": 4, "model": 2}


def by_size_desc(a, b):
    return SIZES[b] - SIZES[a]


def body(b):
    total = jax.lax.psum(jnp.sum(b), "model")
    axes = tuple(sorted(SIZES, key=functools.cmp_to_key(by_size_desc)))
    return jax.lax.psum(total, axes)


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
