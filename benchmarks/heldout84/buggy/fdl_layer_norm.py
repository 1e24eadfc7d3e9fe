"""Processor layer norm configured fiddle-style, statistics over the configured mesh axes."""
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


class ShardedLayerNorm:
    def __init__(self, feature_axis, stat_axes, eps=1e-6):
        self.feature_axis = feature_axis
        self.stat_axes = stat_axes
        self.eps = eps

    def __call__(self, x):
        mean = jax.lax.pmean(x.mean(axis=-1, keepdims=True), self.feature_axis)
        centred = x - mean
        var = jax.lax.pmean(jnp.mean(centred ** 2, axis=-1, keepdims=True), self.feature_axis)
        scale = jax.lax.pmean(jnp.mean(var), self.stat_axes)
        return centred * jax.lax.rsqrt(var + self.eps) / jnp.sqrt(scale + self.eps)


class ProcessorLayer:
    def __init__(self, norm, activation):
        self.norm = norm
        self.activation = activation

    def __call__(self, latents):
        return latents + self.activation(self.norm(latents))


def layer_config():
    return Config(
        ProcessorLayer,
        norm=Config(ShardedLayerNorm, feature_axis="model", stat_axes=("data",)),
        activation=Partial(jax.nn.silu),
    )


def sweep_config(stat_axes):
    cfg = layer_config()
    cfg.norm.stat_axes = stat_axes
    return cfg


def inputs():
    rng = np.random.default_rng(34)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(latents):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    spec = P("data", "model")
    latents = jax.device_put(latents, NamedSharding(mesh, spec))
    layer = build(sweep_config(stat_axes=mesh.axis_names))
    fn = jax.shard_map(layer, mesh=mesh, in_specs=spec, out_specs=spec)
    return jax.jit(fn)(latents)


if __name__ == "__main__":
    print(main(*inputs()).shape)
