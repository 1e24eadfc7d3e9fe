"""probe_trainer/strategies/data_parallel.py -- data-parallel SGD for the linear probe.

The strategy is picked by name from an argv-like list (`--strategy=dp`) and looked up in the
registry; each step also returns the averaged gradient for the step log.
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
    """A Layer: y = x @ w + b."""

    def __init__(self, d_in, d_out):
        self.d_in, self.d_out = d_in, d_out

    def init(self, rng):
        k1, _ = jax.random.split(rng)
        return {"w": jax.random.normal(k1, (self.d_in, self.d_out)) * 0.1,
                "b": jnp.zeros((self.d_out,))}

    def apply(self, params, x):
        return x @ params["w"] + params["b"]


@register("dp")
class DataParallel(ParallelStrategy):
    batch_axis = MeshAxis.DATA
    log_axis = MeshAxis.DATA

    def __init__(self, mesh, layer: Layer, lr=0.1, **options):
        super().__init__(mesh, **options)
        self.layer = layer
        self.lr = lr

    def in_specs(self):
        return (P(), P(), P(self.batch_axis.value, None), P(self.batch_axis.value, None))

    def out_specs(self):
        return (P(), P(), P(None, None, None))

    def loss(self, w, b, x, y):
        pred = self.layer.apply({"w": w, "b": b}, x)
        return jnp.mean((pred - y) ** 2)

    def body(self, w, b, x, y):
        gw, gb = jax.grad(self.loss, argnums=(0, 1))(w, b, x, y)
        gw = jax.lax.pmean(gw, self.batch_axis.value)
        gb = jax.lax.pmean(gb, self.batch_axis.value)
        trace = jax.lax.all_gather(gw[None], self.log_axis.value, axis=0, tiled=True, to="invarying")
        return w - self.lr * gw, b - self.lr * gb, trace


def inputs():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(64, 16)).astype(np.float32)
    y = (x @ rng.normal(size=(16, 4))).astype(np.float32)
    return ["--strategy=dp", "--lr=0.05", "--steps=3"], x, y


def main(argv, x, y):
    cfg = parse_argv(argv)
    mesh = build_mesh(cfg)
    layer = LinearProbe(x.shape[1], y.shape[1])
    params = layer.init(jax.random.key(0))
    strat = get_strategy(cfg.strategy, mesh=mesh, layer=layer,
                         lr=float(cfg.options.get("lr", 0.1)))
    w, b = params["w"], params["b"]
    traces = []
    for _ in range(int(cfg.options.get("steps", 1))):
        w, b, trace = strat.run(w, b, x, y)
        traces.append(trace)
    print("grad trace", [t.shape for t in traces])
    return w


if __name__ == "__main__":
    main(*inputs())
