"""Export trained encoder weights with the output layouts given in a fiddle-style config."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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


class Exporter:
    def __init__(self, layouts):
        self.layouts = layouts

    def __call__(self, params):
        return {name: top_level_all_gather(value, self.layouts[name]) for name, value in params.items()}


def export_config():
    return Config(
        Exporter,
        layouts={
            "grid2mesh/w": Config(P, None, "model", reduced={"data"}),
            "mesh2grid/w": Config(P, "model", None, reduced={"data"}),
        },
    )


def init_params(mesh, raw):
    train_layout = {"grid2mesh/w": P("data", "model"), "mesh2grid/w": P("data", "model")}
    return {k: jax.device_put(v, NamedSharding(mesh, train_layout[k])) for k, v in raw.items()}


def inputs():
    rng = np.random.default_rng(33)
    return ({"grid2mesh/w": rng.normal(size=(8, 16)).astype(np.float32),
             "mesh2grid/w": rng.normal(size=(8, 16)).astype(np.float32)},)


def main(raw):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    exporter = build(export_config())
    with jax.set_mesh(mesh):
        params = init_params(mesh, raw)
        return exporter(params)


if __name__ == "__main__":
    print({k: v.sharding.spec for k, v in main(*inputs()).items()})
