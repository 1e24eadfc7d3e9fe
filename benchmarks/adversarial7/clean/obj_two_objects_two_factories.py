"""Two Reducers with different axes, each handed to the factory whose layout it fits."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Reducer:
    def __init__(self, axes):
        self.axes = axes

    def __call__(self, v):
        return jax.lax.psum(v, self.axes)


def make_rows(mesh, red):
    def body(block):
        return red(block.sum(axis=0))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())


def make_full(mesh, red):
    def body(block):
        return red(block.sum(axis=0))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P())


ROWS = Reducer("data")
FULL = Reducer(("data", "model"))


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    a = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    b = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    rows = make_rows(mesh, ROWS)(a)
    full = make_full(mesh, FULL)(b)
    return rows[:4] + full


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
