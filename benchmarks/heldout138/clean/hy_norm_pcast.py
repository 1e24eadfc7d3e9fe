"""hybrid2d/strategies/dp_tp_norm.py -- 2D data x tensor parallel LayerNorm statistics: the
row variance is summed over the model shards, cast back to varying before being kept per
model shard for the monitor, and the loss is summed over both axes after the same cast.
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


class Monitor(typing.Protocol):
    def keep(self, stat, axis: str): ...


class KeepPerShard:
    def keep(self, stat, axis):
        stat = jax.lax.pcast(stat, axis, to="varying")
        return jax.lax.all_gather(stat, axis, axis=1, tiled=True, to="reduced")


@register("dp_tp_norm")
class Norm2D(ParallelStrategy):
    batch = MeshAxis.DATA
    shard = MeshAxis.MODEL

    def __init__(self, mesh, monitor: Monitor, **options):
        super().__init__(mesh, **options)
        self.monitor = monitor

    def in_specs(self):
        return (P(self.batch.value, self.shard.value),)

    def out_specs(self):
        return (P(self.batch.value, self.shard.value),
                P(self.batch.value, None, reduced={self.shard.value}), P())

    def body(self, x):
        width = x.shape[1] * jax.lax.axis_size(self.shard.value)
        mean = jax.lax.psum(jnp.sum(x, axis=1, keepdims=True), self.shard.value) / width
        var = jax.lax.psum(jnp.sum((x - mean) ** 2, axis=1, keepdims=True), self.shard.value) / width
        y = (x - mean) * jax.lax.rsqrt(var + 1e-5)
        kept = self.monitor.keep(var, self.shard.value)
        total = jax.lax.psum(jax.lax.pcast(jnp.sum(var), self.shard.value, to="varying"),
                             (self.batch.value, self.shard.value))
        return y, kept, total


def inputs():
    rng = np.random.default_rng(74)
    return ["--strategy=dp_tp_norm"], rng.normal(size=(16, 8)).astype(np.float32)


def main(argv, x):
    cfg = parse_argv(argv)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh, monitor=KeepPerShard())
    y, kept, total = strat.run(x)
    print("y", y.shape, "kept", kept.shape, "total", float(total))
    return y


if __name__ == "__main__":
    main(*inputs())
