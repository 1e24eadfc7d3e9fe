"""A shallow copy of a fiddle-like Config shares its arguments dict: setting the copy's field sets the original's."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import copy


class Config:
    def __init__(self, fn, **kwargs):
        object.__setattr__(self, "__fn__", fn)
        object.__setattr__(self, "__arguments__", dict(kwargs))

    def __getattr__(self, name):
        arguments = object.__getattribute__(self, "__arguments__")  # AttributeError on a bare copy
        try:
            return arguments[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name, value):
        self.__arguments__[name] = value


def build(cfg):
    return cfg.__fn__(**cfg.__arguments__)


class Reducer:
    def __init__(self, axes):
        self.axes = axes

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


def main(mesh, x):
    base = Config(Reducer, axes=("i", "j"))
    variant = Config(Reducer, axes=("i", "j"))
    variant.axes = ("i",)
    return jax.shard_map(build(base), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
