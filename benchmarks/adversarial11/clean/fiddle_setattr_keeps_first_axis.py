"""The fiddle-like Config's own __setattr__ keeps only the first axis of a tuple it is given."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Config:
    def __init__(self, fn, **kwargs):
        object.__setattr__(self, "__fn__", fn)
        object.__setattr__(self, "__arguments__", {})
        for name, value in kwargs.items():
            setattr(self, name, value)

    def __getattr__(self, name):
        try:
            return self.__arguments__[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name, value):
        if isinstance(value, tuple):
            value = value[:1]
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
    cfg = Config(Reducer, axes=("i", "j"))
    return jax.shard_map(build(cfg), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
