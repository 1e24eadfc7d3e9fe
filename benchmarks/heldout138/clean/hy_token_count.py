"""hybrid2d/strategies/dp_tp_count.py -- 2D data x tensor parallel classifier; the number of
correct predictions is counted per batch shard after the logits are reduced over the model
shards, and the counter plugin adds it up over the axes it is given by the strategy.
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


class Counter(typing.Protocol):
    def total(self, count, axes): ...


class SumCounter:
    def total(self, count, axes):
        return jax.lax.psum(count, axes)


@register("dp_tp_cls")
class Classifier2D(ParallelStrategy):
    batch = MeshAxis.DATA
    shard = MeshAxis.MODEL

    def __init__(self, mesh, counter: Counter, **options):
        super().__init__(mesh, **options)
        self.counter = counter
        self.count_axes = {ax.name.lower(): ax.value for ax in (self.batch,)}

    def in_specs(self):
        return (P(self.batch.value, self.shard.value), P(self.batch.value),
                P(self.shard.value, None))

    def out_specs(self):
        return P()

    def body(self, x, labels, w):
        logits = jax.lax.psum(x @ w, self.shard.value)
        correct = jnp.sum((jnp.argmax(logits, axis=-1) == labels).astype(jnp.float32))
        return self.counter.total(correct, tuple(self.count_axes.values()))


def inputs():
    rng = np.random.default_rng(64)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    labels = rng.integers(0, 3, size=(16,)).astype(np.int32)
    w = rng.normal(size=(8, 3)).astype(np.float32)
    return ["--strategy=dp_tp_cls"], x, labels, w


def main(argv, x, labels, w):
    cfg = parse_argv(argv)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh, counter=SumCounter())
    correct = strat.run(x, labels, w)
    print("correct", float(correct))
    return correct


if __name__ == "__main__":
    main(*inputs())
