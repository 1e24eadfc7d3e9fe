"""A MemoryShift over 'model' (ppermute) makes the row sum vary on 'model' before the two-axis psum."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MemoryShift:
    def __init__(self, axis, n):
        self.axis = axis
        self.n = n

    def __call__(self, v):
        perm = [(i, (i + 1) % self.n) for i in range(self.n)]
        return jax.lax.ppermute(v, self.axis, perm)


def make_step(mesh, shift):
    def body(block):
        moved = shift(block.sum(axis=0))
        return jax.lax.psum(moved, ("data", "model"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    shift = MemoryShift("data", 2)
    return make_step(mesh, shift)(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
