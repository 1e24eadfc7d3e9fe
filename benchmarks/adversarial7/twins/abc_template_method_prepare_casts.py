"""A template method calls an abstract prepare; the subclass used casts to varying on 'model' first."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Reducer(abc.ABC):
    @abc.abstractmethod
    def prepare(self, v):
        ...

    def apply(self, v):
        v = self.prepare(v)
        return jax.lax.psum(v, ("data", "model"))


class Cast(Reducer):
    def prepare(self, v):
        return jax.lax.pcast(v, "model", to="varying")


class Plain(Reducer):
    def prepare(self, v):
        return v


def make_step(mesh, red):
    def body(block):
        return red.apply(block.sum(axis=0))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    red = Plain()
    return make_step(mesh, red)(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
