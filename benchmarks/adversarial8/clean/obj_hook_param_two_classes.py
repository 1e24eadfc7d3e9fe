"""A hook's parameter receives a Rows reducer on a row layout and a Full reducer on a fully split layout."""
import contextlib
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Rows:
    def reduce(self, v):
        return jax.lax.psum(v, "data")


class Full:
    def reduce(self, v):
        return jax.lax.psum(v, ("data", "model"))


def apply(reducer, block):
    return reducer.reduce(block.sum(axis=0))


def run(mesh, x, reducer, spec):
    x = jax.device_put(x, NamedSharding(mesh, spec))
    return jax.shard_map(functools.partial(apply, reducer), mesh=mesh, in_specs=spec, out_specs=P())(x)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    a = run(mesh, x, Rows(), P("data", None))
    b = run(mesh, x, Full(), P("data", "model"))
    return a, b


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
