"""probe_trainer/strategies/dp_curve.py -- data-parallel step that also returns every shard's
loss, scaled by the learning rate for the "lr * loss" curve the dashboard plots.
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


class LinearProbe:
    """A Layer: y = x @ w."""

    def __init__(self, d_in, d_out):
        self.d_in, self.d_out = d_in, d_out

    def init(self, rng):
        return {"w": jax.random.normal(rng, (self.d_in, self.d_out)) * 0.1}

    def apply(self, params, x):
        return x @ params["w"]


@dataclass(frozen=True)
class CurveOptions:
    lr: float = 0.05
    axis: MeshAxis = MeshAxis.DATA


@register("dp_curve")
class DataParallelCurve(ParallelStrategy):
    def __init__(self, mesh, layer: Layer, curve: CurveOptions, **options):
        super().__init__(mesh, **options)
        self.layer = layer
        self.curve = curve

    def in_specs(self):
        return (P(), P(self.curve.axis, None), P(self.curve.axis, None))

    def out_specs(self):
        return (P(), P(None, reduced={self.curve.axis.value}))

    def body(self, w, x, y):
        def loss_fn(w):
            return jnp.mean((self.layer.apply({"w": w}, x) - y) ** 2)

        loss, g = jax.value_and_grad(loss_fn)(w)
        g = jax.lax.pmean(g, self.curve.axis)
        scaled = jax.lax.all_gather(loss[None] * self.curve.lr, self.curve.axis, tiled=True, to="reduced")
        return w - self.curve.lr * g, scaled


def inputs():
    rng = np.random.default_rng(5)
    x = rng.normal(size=(32, 8)).astype(np.float32)
    y = rng.normal(size=(32, 2)).astype(np.float32)
    return ["--strategy=dp_curve"], x, y


def main(argv, x, y):
    cfg = parse_argv(argv)
    mesh = build_mesh(cfg)
    layer = LinearProbe(x.shape[1], y.shape[1])
    w = layer.init(jax.random.key(5))["w"]
    strat = get_strategy(cfg.strategy, mesh=mesh, layer=layer, curve=CurveOptions())
    w, curve = strat.run(w, x, y)
    print("curve", curve.shape)
    return w


if __name__ == "__main__":
    main(*inputs())
