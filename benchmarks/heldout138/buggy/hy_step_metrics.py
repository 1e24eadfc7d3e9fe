"""hybrid2d/strategies/dp_tp.py -- 2D data x tensor parallel regression step; the metrics
plugin keeps the step loss per device along the axis chosen for the run's metric config
(dispatched on the config type).
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


@dataclass(frozen=True)
class TrainMetrics:
    axis: MeshAxis = MeshAxis.DATA


@dataclass(frozen=True)
class EvalMetrics:
    axis: MeshAxis = MeshAxis.MODEL


@functools.singledispatch
def metric_axis(cfg) -> str:
    raise TypeError(type(cfg).__name__)


@metric_axis.register
def _(cfg: TrainMetrics):
    return cfg.axis.value


@metric_axis.register
def _(cfg: EvalMetrics):
    return cfg.axis.value


@register("dp_tp")
class DataTensorParallel(ParallelStrategy):
    batch = MeshAxis.DATA
    shard = MeshAxis.MODEL

    def __init__(self, mesh, metrics, **options):
        super().__init__(mesh, **options)
        self.metric_axis = metric_axis(metrics)

    def in_specs(self):
        return (P(self.batch.value, None), P(self.batch.value, None),
                P(None, self.shard.value), P(self.shard.value, None))

    def out_specs(self):
        return (P(), P(None, reduced={self.metric_axis}))

    def body(self, x, y, w_in, w_out):
        h = jax.nn.relu(x @ w_in)
        pred = jax.lax.psum(h @ w_out, self.shard.value)
        loss = jax.lax.pmean(jnp.mean((pred - y) ** 2), self.batch.value)
        per_device = jax.lax.all_gather(loss[None], self.metric_axis, tiled=True, to="reduced")
        return loss, per_device


def inputs():
    rng = np.random.default_rng(60)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    y = rng.normal(size=(16, 8)).astype(np.float32)
    w_in = (0.2 * rng.normal(size=(8, 16))).astype(np.float32)
    w_out = (0.2 * rng.normal(size=(16, 8))).astype(np.float32)
    return ["--strategy=dp_tp", "--mode=train"], x, y, w_in, w_out


def main(argv, x, y, w_in, w_out):
    cfg = parse_argv(argv)
    mesh = build_mesh(cfg)
    metrics = TrainMetrics() if cfg.options.get("mode") == "train" else EvalMetrics()
    strat = get_strategy(cfg.strategy, mesh=mesh, metrics=metrics)
    loss, per_device = strat.run(x, y, w_in, w_out)
    print("loss", float(loss), per_device.shape)
    return loss


if __name__ == "__main__":
    main(*inputs())
