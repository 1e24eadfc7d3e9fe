"""An abc.ABC base with an abstract axes property; the one-axis subclass is used."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Reducer(abc.ABC):
    @property
    @abc.abstractmethod
    def axes(self):
        ...

    def reduce(self, v):
        return jax.lax.psum(v, self.axes)


class Rows(Reducer):
    @property
    def axes(self):
        return "data"


class All(Reducer):
    @property
    def axes(self):
        return ("data", "model")


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    red = Rows()

    def body(block):
        return red.reduce(block.sum(axis=0))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
