"""An object holding a functools.partial of psum over one axis, called in the body."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Collective:
    def __init__(self, fn):
        self.fn = fn

    def __call__(self, v):
        return self.fn(v)


def make_step(mesh, op):
    def body(block):
        return op(block.sum(axis=0))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    op = Collective(functools.partial(jax.lax.psum, axis_name=("data", "model")))
    return make_step(mesh, op)(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
