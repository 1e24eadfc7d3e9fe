"""@register('name') class registry; the class named by a later re-registration is the one used."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


CLASSES = {}


def register(name):
    def deco(cls):
        CLASSES[name] = cls
        return cls
    return deco


@register("main")
class All:
    def __call__(self, v):
        return jax.lax.psum(v, ("data", "model"))


@register("rows")
class Rows:
    def __call__(self, v):
        return jax.lax.psum(v, "data")


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    red = CLASSES["main"]()

    def body(block):
        return red(block.sum(axis=0))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
