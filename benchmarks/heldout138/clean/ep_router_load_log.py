"""moe_lite/strategies/expert_parallel.py -- expert-parallel router: each device owns a slice of
the experts and scores its batch shard against them; the per-expert load is summed over the
batch shards and the balance monitor keeps it per device along the axis named in its config.
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


EP_DEFAULTS = RunConfig(strategy="ep_router", mesh_shape=(4, 2),
                        mesh_axes=(MeshAxis.DATA, MeshAxis.EXPERT))


@dataclass(frozen=True)
class MonitorConfig:
    load_axis: str = "data"
    window: int = 8


class BalanceMonitor:
    def __init__(self, cfg: MonitorConfig):
        self.axis = MeshAxis(cfg.load_axis)

    def record(self, load):
        load = jax.lax.pcast(load[None], self.axis.value, to="varying")
        return jax.lax.all_gather(load, self.axis.value, axis=0, tiled=True, to="reduced")


@register("ep_router")
class ExpertParallelRouter(ParallelStrategy):
    batch = MeshAxis.DATA
    expert = MeshAxis.EXPERT

    def __init__(self, mesh, monitor: BalanceMonitor, **options):
        super().__init__(mesh, **options)
        self.monitor = monitor

    def in_specs(self):
        return (P(self.batch.value, None), P(None, self.expert.value))

    def out_specs(self):
        return (P(self.batch.value, self.expert.value),
                P(None, self.expert.value, reduced={self.monitor.axis.value}))

    def body(self, x, w_router):
        logits = x @ w_router
        probs = jax.nn.sigmoid(logits)
        load = jax.lax.psum(jnp.sum(probs, axis=0), self.batch.value)
        return probs, self.monitor.record(load)


def inputs():
    rng = np.random.default_rng(30)
    x = rng.normal(size=(32, 8)).astype(np.float32)
    w_router = rng.normal(size=(8, 4)).astype(np.float32)
    return ["--strategy=ep_router", "--load_axis=data"], x, w_router


def main(argv, x, w_router):
    cfg = parse_argv(argv, EP_DEFAULTS)
    mesh = build_mesh(cfg)
    monitor = BalanceMonitor(MonitorConfig(load_axis=cfg.options["load_axis"]))
    strat = get_strategy(cfg.strategy, mesh=mesh, monitor=monitor)
    probs, loads = strat.run(x, w_router)
    print("probs", probs.shape, "loads", loads.shape)
    return probs


if __name__ == "__main__":
    main(*inputs())
