"""A decorator factory @reduce_over('data') psums the body's output over the axes it is given."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_over(axes):
    def deco(fn):
        def wrapped(block):
            return jax.lax.psum(fn(block), axes)
        return wrapped
    return deco


@reduce_over(("data", "model"))
def body(block):
    return block.sum(axis=0)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
