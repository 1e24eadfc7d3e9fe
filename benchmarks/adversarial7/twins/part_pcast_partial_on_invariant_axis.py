"""A partial of pcast over 'model' stored on self, applied to the row sum (invariant on 'model')."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Prep:
    def __init__(self, axis):
        self.vary = functools.partial(jax.lax.pcast, axis_name=axis, to="varying")


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    prep = Prep("data")

    def body(block):
        v = prep.vary(block.sum(axis=0))
        return jax.lax.psum(v, ("data", "model"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
