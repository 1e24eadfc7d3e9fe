"""probe_trainer/eval/dp_eval.py -- data-parallel evaluation with a per-example report.

Evaluators are registered per metric name; the config picks `sq_error` and whether the
per-example rows are kept for the report (`keep_rows`).
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
class EvalConfig:
    metric: str = "sq_error"
    keep_rows: bool = True


@functools.singledispatch
def batch_axis_of(cfg):
    return MeshAxis.DATA.value


@batch_axis_of.register
def _(cfg: EvalConfig):
    return MeshAxis.DATA.value


METRICS = {}


def metric(name):
    def deco(fn):
        METRICS[name] = fn
        return fn
    return deco


@metric("sq_error")
def sq_error(pred, y):
    return jnp.sum((pred - y) ** 2, axis=-1)


@metric("abs_error")
def abs_error(pred, y):
    return jnp.sum(jnp.abs(pred - y), axis=-1)


@register("dp_eval")
class DataParallelEval(ParallelStrategy):
    def __init__(self, mesh, eval_cfg: EvalConfig, **options):
        super().__init__(mesh, **options)
        self.cfg = eval_cfg
        self.axis = batch_axis_of(eval_cfg)

    def in_specs(self):
        return (P(), P(self.axis, None), P(self.axis, None))

    def out_specs(self):
        return (P(), P(None, reduced={self.axis}))

    def body(self, w, x, y):
        per_example = METRICS[self.cfg.metric](x @ w, y)
        if self.cfg.keep_rows:
            rows = jax.lax.all_gather(per_example, self.axis, tiled=True, to="reduced")
        else:
            rows = jax.lax.all_gather(per_example, self.axis, tiled=True, to="reduced")
        total = jax.lax.psum(jnp.sum(per_example), self.axis)
        return total, rows


def inputs():
    rng = np.random.default_rng(2)
    x = rng.normal(size=(64, 8)).astype(np.float32)
    w = rng.normal(size=(8, 3)).astype(np.float32)
    y = (x @ w + 0.1 * rng.normal(size=(64, 3))).astype(np.float32)
    return ["--strategy=dp_eval"], w, x, y


def main(argv, w, x, y):
    cfg = parse_argv(argv)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh, eval_cfg=EvalConfig())
    total, rows = strat.run(w, x, y)
    print("eval total", float(total), "rows", rows.shape)
    return total


if __name__ == "__main__":
    main(*inputs())
