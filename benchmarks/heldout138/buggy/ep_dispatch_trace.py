"""moe_lite/strategies/ep_trace.py -- expert-parallel layer with a dispatch tracer: the tracer's
plan lists the axes to collect the routing weights over, stage by stage (first the expert
shards, then the whole mesh for the global picture).
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


EP_DEFAULTS = RunConfig(strategy="ep_trace", mesh_shape=(4, 2),
                        mesh_axes=(MeshAxis.DATA, MeshAxis.EXPERT))

TRACE_PLAN = [MeshAxis.EXPERT.value, (MeshAxis.DATA.value, MeshAxis.EXPERT.value)]


class ExpertParallelTrace(ParallelStrategy, key="ep_trace"):
    batch = MeshAxis.DATA
    expert = MeshAxis.EXPERT

    def __init__(self, mesh, plan=None, **options):
        super().__init__(mesh, **options)
        self.plan = list(plan or [])

    def in_specs(self):
        return (P(self.batch.value, None), P(None, self.expert.value),
                P(self.expert.value, None, None))

    def out_specs(self):
        reduced = set()
        for step in self.plan:
            reduced |= {step} if isinstance(step, str) else set(step)
        return (P(self.batch.value, None), P(None, None, reduced=reduced))

    def trace(self, weights):
        for axes in self.plan:
            weights = jax.lax.all_gather(weights, axes, axis=0, tiled=True, to="reduced")
        return weights

    def body(self, x, w_router, w_experts):
        gates = jax.nn.softmax(x @ w_router, axis=-1)
        expert_out = jnp.einsum("bd,edf->ebf", x, w_experts)
        y = jax.lax.psum(jnp.einsum("be,ebf->bf", gates, expert_out), self.expert.value)
        return y, self.trace(gates)


def inputs():
    rng = np.random.default_rng(31)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    w_router = rng.normal(size=(8, 4)).astype(np.float32)
    w_experts = (0.2 * rng.normal(size=(4, 8, 8))).astype(np.float32)
    return ["--strategy=ep_trace"], x, w_router, w_experts


def main(argv, x, w_router, w_experts):
    cfg = parse_argv(argv, EP_DEFAULTS)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh, plan=TRACE_PLAN)
    y, routing = strat.run(x, w_router, w_experts)
    print("out", y.shape, "routing", routing.shape)
    return y


if __name__ == "__main__":
    main(*inputs())
