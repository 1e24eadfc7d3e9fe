"""Fiddle-style buildable: Config(cls, **kw), an override on the config, then build."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Config:
    def __init__(self, fn, **kwargs):
        object.__setattr__(self, "__fn__", fn)
        object.__setattr__(self, "__arguments__", dict(kwargs))

    def __setattr__(self, name, value):
        self.__arguments__[name] = value

    def __getattr__(self, name):
        return self.__arguments__[name]


def build(cfg):
    return cfg.__fn__(**cfg.__arguments__)


class Reducer:
    def __init__(self, axes, scale=1.0):
        self.axes = axes
        self.scale = scale

    def __call__(self, x):
        return jax.lax.psum(jnp.sum(x) * self.scale, self.axes)


def base_config():
    return Config(Reducer, axes=("data", "model"), scale=0.5)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(16, 4),)


def main(x):
    cfg = base_config()
    cfg.axes = ("data",)
    reducer = build(cfg)
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    return jax.shard_map(reducer, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
