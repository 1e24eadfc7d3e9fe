"""__init__ sets an instance AXES that shadows the class attribute (both axes)."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Reducer(abc.ABC):
    AXES = ("data", "model")

    def __init__(self, rows_only):
        if rows_only:
            self.AXES = ("data",)

    @abc.abstractmethod
    def prepare(self, v):
        ...

    def reduce(self, v):
        return jax.lax.psum(self.prepare(v), self.AXES)


class Plain(Reducer):
    def prepare(self, v):
        return v


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    red = Plain(rows_only=False)

    def body(block):
        return red.reduce(block.sum(axis=0))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
