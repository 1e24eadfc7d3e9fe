"""zerotrain/strategies/fsdp_shadow.py -- FSDP linear regression step with a shadow-parameter
plugin (Polyak averaging) that keeps its own copy of the local weight shard.
"""
from __future__ import annotations

# ---- plugins_lite: strategy registry shared by our trainers (keep in sync by hand) ----------
import abc
import enum
import functools
import typing
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxis(str, enum.Enum):
    DATA = "data"
    MODEL = "model"
    SEQ = "seq"
    EXPERT = "expert"
    STAGE = "stage"
    FSDP = "fsdp"

    def __str__(self):
        return self.value


_REGISTRY: dict[str, type] = {}


def register(name):
    def deco(cls):
        if name in _REGISTRY and _REGISTRY[name] is not cls:
            raise KeyError(f"strategy {name!r} registered twice")
        _REGISTRY[name] = cls
        cls.registry_name = name
        return cls
    return deco


def get_strategy(name, **kw):
    try:
        cls = _REGISTRY[name]
    except KeyError:
        raise KeyError(f"unknown strategy {name!r}; have {sorted(_REGISTRY)}") from None
    return cls(**kw)


class Layer(typing.Protocol):
    def init(self, rng) -> dict: ...
    def apply(self, params: dict, x): ...


class ParallelStrategy(abc.ABC):
    registry_name = "?"

    def __init_subclass__(cls, *, key=None, **kw):
        super().__init_subclass__(**kw)
        if key is not None:
            register(key)(cls)

    def __init__(self, mesh, **options):
        self.mesh = mesh
        self.options = options

    @abc.abstractmethod
    def in_specs(self): ...

    @abc.abstractmethod
    def out_specs(self): ...

    @abc.abstractmethod
    def body(self, *args): ...

    def place(self, *arrays):
        return tuple(jax.device_put(a, NamedSharding(self.mesh, s))
                     for a, s in zip(arrays, self.in_specs()))

    def run(self, *arrays):
        fn = jax.shard_map(self.body, mesh=self.mesh,
                           in_specs=self.in_specs(), out_specs=self.out_specs())
        return jax.jit(fn)(*self.place(*arrays))


@dataclass(frozen=True)
class RunConfig:
    strategy: str = "dp"
    mesh_shape: tuple = (4, 2)
    mesh_axes: tuple = (MeshAxis.DATA, MeshAxis.MODEL)
    options: dict = field(default_factory=dict)


@functools.singledispatch
def build_mesh(cfg):
    raise TypeError(f"no mesh builder for {type(cfg).__name__}")


@build_mesh.register
def _(cfg: RunConfig):
    return jax.make_mesh(cfg.mesh_shape, tuple(MeshAxis(a).value for a in cfg.mesh_axes))


def parse_argv(argv, defaults=RunConfig()):
    kw = {}
    for item in argv:
        key, _, val = item.lstrip("-").partition("=")
        kw[key.replace("-", "_")] = val
    strategy = kw.pop("strategy", defaults.strategy)
    return RunConfig(strategy, defaults.mesh_shape, defaults.mesh_axes,
                     dict(defaults.options, **kw))
# ---- end plugins_lite ------------------------------------------------------------------------


FSDP_DEFAULTS = RunConfig(strategy="fsdp_shadow", mesh_shape=(4, 2),
                          mesh_axes=(MeshAxis.FSDP, MeshAxis.MODEL))


class ShadowPlugin(abc.ABC):
    @abc.abstractmethod
    def shard_of(self, w_full, axis): ...


class ScatterShadow(ShadowPlugin):
    def shard_of(self, w_full, axis):
        n = jax.lax.axis_size(axis)
        return jax.lax.psum_scatter(w_full, axis, scatter_dimension=0, tiled=True) / n


SHADOWS = {"scatter": ScatterShadow}


@register("fsdp_shadow")
class FsdpShadow(ParallelStrategy):
    shard = MeshAxis.FSDP

    def __init__(self, mesh, shadow: ShadowPlugin, decay=0.9, lr=0.05, **options):
        super().__init__(mesh, **options)
        self.shadow, self.decay, self.lr = shadow, decay, lr

    def in_specs(self):
        spec = P(self.shard.value, None)
        return (spec, spec, spec, spec)

    def out_specs(self):
        return (P(self.shard.value, None), P(self.shard.value, None))

    def body(self, w_shard, avg_shard, x, y):
        w_full = jax.lax.all_gather(w_shard, self.shard.value, axis=0, tiled=True, to="reduced")
        err = x @ w_full - y
        g = x.T @ err / x.shape[0]
        g_shard = jax.lax.psum_scatter(g, self.shard.value, scatter_dimension=0, tiled=True)
        new_w = w_shard - self.lr * g_shard
        seen = self.shadow.shard_of(w_full, self.shard.value)
        return new_w, self.decay * avg_shard + (1 - self.decay) * seen


def inputs():
    rng = np.random.default_rng(42)
    x = rng.normal(size=(32, 8)).astype(np.float32)
    y = rng.normal(size=(32, 4)).astype(np.float32)
    w = (0.1 * rng.normal(size=(8, 4))).astype(np.float32)
    return ["--strategy=fsdp_shadow", "--shadow=scatter"], w, x, y


def main(argv, w, x, y):
    cfg = parse_argv(argv, FSDP_DEFAULTS)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh, shadow=SHADOWS[cfg.options["shadow"]]())
    avg = np.array(w)
    w, avg = strat.run(w, avg, x, y)
    print("w", w.shape, "avg", avg.shape)
    return w


if __name__ == "__main__":
    main(*inputs())
