"""Both subclasses are used, each on the layout that fits its axes."""
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
    def __call__(self, v):
        ...


class Rows(Reducer):
    def __call__(self, v):
        return jax.lax.psum(v, "data")


class All(Reducer):
    def __call__(self, v):
        return jax.lax.psum(v, ("data", "model"))


def run(mesh, x, red, spec):
    x = jax.device_put(x, NamedSharding(mesh, spec))
    return jax.shard_map(lambda b: red(b.sum(axis=0)), mesh=mesh, in_specs=spec, out_specs=P())(x)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    a = run(mesh, x, Rows(), P("data", None))
    b = run(mesh, x, All(), P("data", "model"))
    return a[:4] + b


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
