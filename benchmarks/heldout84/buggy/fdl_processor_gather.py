"""Processor whose gather stages are configured with fiddle-style Partials."""
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


def gather_reduced(x, axes, dim):
    return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")


class Processor:
    def __init__(self, channel_gather, node_gather, num_layers):
        self.channel_gather = channel_gather
        self.node_gather = node_gather
        self.num_layers = num_layers

    def __call__(self, latents, adjacency):
        for _ in range(self.num_layers):
            latents = latents + jnp.tanh(adjacency @ latents)
        full_channels = self.channel_gather(latents)
        return self.node_gather(full_channels)


def processor_config():
    return Config(
        Processor,
        channel_gather=Partial(gather_reduced, axes="model", dim=1),
        node_gather=Partial(gather_reduced, axes=("data",), dim=0),
        num_layers=2,
    )


def experiment_config():
    cfg = processor_config()
    cfg.node_gather.axes = ("data", "model")
    return cfg


def inputs():
    rng = np.random.default_rng(31)
    return (rng.normal(size=(8, 16)).astype(np.float32),
            (rng.random(size=(4, 4)) < 0.5).astype(np.float32))


def main(latents, adjacency):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    spec = P("data", "model")
    latents = jax.device_put(latents, NamedSharding(mesh, spec))
    adjacency = jax.device_put(adjacency, NamedSharding(mesh, P()))
    processor = build(experiment_config())
    fn = jax.shard_map(processor, mesh=mesh, in_specs=(spec, P()),
                       out_specs=P(None, None, reduced={"data", "model"}))
    return jax.jit(fn)(latents, adjacency)


if __name__ == "__main__":
    print(main(*inputs()).shape)
