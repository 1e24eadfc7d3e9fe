"""A decorator fixes the axes keyword of the step it wraps (the default is for 2-D batches)."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_axes(*axes):
    def wrap(fn):
        return functools.partial(fn, axes=axes)
    return wrap


@reduce_axes("data")
def step(b, axes=("data", "model")):
    return jax.lax.psum(jnp.sum(b ** 2), axes)


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    return jax.shard_map(step, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
