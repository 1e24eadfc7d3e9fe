"""GraphCast-like training loss assembled from a hand-written fiddle-style configuration."""
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


def per_level_mse(predictions, targets, reducer):
    return reducer(jnp.mean((predictions - targets) ** 2, axis=0))


class LevelLossTable:
    """Collects the per-level losses of every level shard so the logger can print one row."""

    def __init__(self, loss_fn, level_axis):
        self.loss_fn = loss_fn
        self.level_axis = level_axis

    def __call__(self, predictions, targets):
        per_level = self.loss_fn(predictions, targets)
        table = jax.lax.all_gather(per_level, self.level_axis, axis=0, tiled=True, to="reduced")
        return table


def default_config():
    return Config(
        LevelLossTable,
        loss_fn=Partial(per_level_mse, reducer=Partial(jax.lax.pmean, axis_name="data")),
        level_axis="model",
    )


def apply_overrides(cfg, overrides):
    for path, value in overrides.items():
        *parents, leaf = path.split(".")
        node = cfg
        for name in parents:
            node = getattr(node, name)
        setattr(node, leaf, value)
    return cfg


OVERRIDES = {
    "loss_fn.reducer.axis_name": ("data", "model"),
}


def inputs():
    rng = np.random.default_rng(30)
    return (rng.normal(size=(8, 16)).astype(np.float32),
            rng.normal(size=(8, 16)).astype(np.float32))


def main(predictions, targets):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    spec = P("data", "model")
    predictions, targets = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (predictions, targets))
    table_fn = build(apply_overrides(default_config(), OVERRIDES))
    fn = jax.shard_map(table_fn, mesh=mesh, in_specs=(spec, spec), out_specs=P(None, reduced={"model"}))
    return jax.jit(fn)(predictions, targets)


if __name__ == "__main__":
    print(main(*inputs()))
