"""Gated residual update of mesh latents; the gate threshold comes from a fiddle-style config."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

class Config:
    """A hand-written stand-in for fiddle.Config: a callable plus its (mutable) arguments."""

    def __init__(self, fn_or_cls, *args, **kwargs):
        object.__setattr__(self, "__fn_or_cls__", fn_or_cls)
        object.__setattr__(self, "__args__", list(args))
        object.__setattr__(self, "__arguments__", dict(kwargs))

    def __getattr__(self, name):
        try:
            return self.__arguments__[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name, value):
        self.__arguments__[name] = value


class Partial(Config):
    """Like fiddle.Partial: build() returns a functools.partial instead of calling."""


def build(cfg):
    if isinstance(cfg, Config):
        args = [build(a) for a in cfg.__args__]
        kwargs = {k: build(v) for k, v in cfg.__arguments__.items()}
        if isinstance(cfg, Partial):
            return functools.partial(cfg.__fn_or_cls__, *args, **kwargs)
        return cfg.__fn_or_cls__(*args, **kwargs)
    if isinstance(cfg, (list, tuple)):
        return type(cfg)(build(v) for v in cfg)
    if isinstance(cfg, dict):
        return {k: build(v) for k, v in cfg.items()}
    return cfg


def channel_table(x, axis_name):
    return jax.lax.all_gather(x, axis_name, axis=1, tiled=True, to="reduced")


class GatedResidual:
    def __init__(self, channel_axis, threshold, table_fn):
        self.channel_axis = channel_axis
        self.threshold = threshold
        self.table_fn = table_fn

    def gate(self, latents):
        table = self.table_fn(latents, self.channel_axis)
        return jnp.where(jnp.abs(table) > self.threshold, 1.0, 0.0)

    def __call__(self, latents, update):
        return latents, self.gate(update)


def gate_config():
    return Config(GatedResidual, channel_axis="model", threshold=0.5,
                  table_fn=Partial(channel_table))


def inputs():
    rng = np.random.default_rng(35)
    return (rng.normal(size=(8, 16)).astype(np.float32),
            rng.normal(size=(8, 16)).astype(np.float32))


def main(latents, update):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    spec = P("data", "model")
    latents, update = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (latents, update))
    block = build(gate_config())
    fn = jax.shard_map(block, mesh=mesh, in_specs=(spec, spec), out_specs=(spec, P("data", None)))
    return jax.jit(fn)(latents, update)


if __name__ == "__main__":
    print([a.shape for a in main(*inputs())])
