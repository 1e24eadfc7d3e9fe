"""Edge MLP whose cross-shard statistic is a configured reduction (fiddle-style Partial)."""
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


class EdgeMLP:
    def __init__(self, hidden_axis, sync, activation):
        self.hidden_axis = hidden_axis
        self.sync = sync
        self.activation = activation

    def edge_features(self, edges):
        return jax.lax.all_gather(edges, self.hidden_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, edges, weights):
        features = self.edge_features(edges)
        peak = self.sync(jnp.abs(features))
        hidden = self.activation(edges * weights)
        return hidden, peak


def edge_mlp_config(hidden_axis="model"):
    return Config(
        EdgeMLP,
        hidden_axis=hidden_axis,
        sync=Partial(jax.lax.pmax, axis_name=hidden_axis),
        activation=Partial(jax.nn.gelu, approximate=True),
    )


def inputs():
    rng = np.random.default_rng(32)
    return (rng.normal(size=(16, 8)).astype(np.float32),
            rng.normal(size=(8,)).astype(np.float32))


def main(edges, weights):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    spec = P("data", "model")
    edges = jax.device_put(edges, NamedSharding(mesh, spec))
    weights = jax.device_put(weights, NamedSharding(mesh, P("model")))
    mlp = build(edge_mlp_config())
    fn = jax.shard_map(mlp, mesh=mesh, in_specs=(spec, P("model")),
                       out_specs=(spec, P("data", None)))
    return jax.jit(fn)(edges, weights)


if __name__ == "__main__":
    hidden, peak = main(*inputs())
    print(hidden.shape, peak.shape)
