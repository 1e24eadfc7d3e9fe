"""A Gather object with cast=True returns the reduced gather cast back to varying; the body scales it."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Gather:
    def __init__(self, axis, cast):
        self.axis = axis
        self.cast = cast

    def __call__(self, v):
        g = jax.lax.all_gather(v, self.axis, to="reduced", tiled=True)
        if self.cast:
            g = jax.lax.pcast(g, self.axis, to="varying")
        return g


def make_step(mesh, gather):
    def body(block):
        g = gather(block)
        return jax.lax.psum(g * 2.0, "data")
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model"))


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    gather = Gather("data", cast=True)
    return make_step(mesh, gather)(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
