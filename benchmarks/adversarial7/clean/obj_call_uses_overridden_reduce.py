"""__call__ of the base calls self.reduce; the subclass handed to the factory overrides it with one axis."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Head:
    def reduce(self, v):
        return jax.lax.psum(v, ("data", "model"))

    def __call__(self, v):
        return self.reduce(v)


class RowHead(Head):
    def reduce(self, v):
        return jax.lax.psum(v, "data")


def make_step(mesh, head):
    def body(block):
        return head(block.sum(axis=0))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    head = RowHead()
    return make_step(mesh, head)(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
