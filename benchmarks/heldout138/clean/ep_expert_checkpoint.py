"""moe_lite/checkpoint/ep_checkpoint.py -- expert weights updated by a jitted expert-parallel
step, then written two ways by the exporters in the registry: consolidated (every expert on
every device) and unchanged per expert shard.
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
from jax._src.shard_map import top_level_all_gather


EP_DEFAULTS = RunConfig(strategy="ep_step", mesh_shape=(4, 2),
                        mesh_axes=(MeshAxis.DATA, MeshAxis.EXPERT))

EXPORTS = {}


def export_as(name):
    def deco(fn):
        EXPORTS[name] = fn
        return fn
    return deco


@export_as("consolidated")
def consolidated(w):
    return top_level_all_gather(w, P(None, None, None, reduced={MeshAxis.EXPERT.value}))


@export_as("sharded")
def sharded(w):
    return w


@register("ep_step")
class ExpertStep(ParallelStrategy):
    expert = MeshAxis.EXPERT

    def in_specs(self):
        return (P(self.expert.value, None, None),)

    def out_specs(self):
        return P(self.expert.value, None, None)

    def body(self, w):
        norm = jnp.sqrt(jnp.sum(w * w, axis=(1, 2), keepdims=True))
        return w / (norm + 1e-6)


def inputs():
    rng = np.random.default_rng(73)
    return ["--strategy=ep_step"], rng.normal(size=(4, 8, 8)).astype(np.float32)


def main(argv, w):
    cfg = parse_argv(argv, EP_DEFAULTS)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh)
    step = jax.jit(jax.shard_map(strat.body, mesh=mesh, in_specs=strat.in_specs(),
                                 out_specs=strat.out_specs()),
                   out_shardings=NamedSharding(mesh, strat.out_specs()))
    w = step(*strat.place(w))
    with jax.set_mesh(mesh):
        written = {name: fn(w) for name, fn in EXPORTS.items()}
    print({k: v.shape for k, v in written.items()})
    return written["consolidated"]


if __name__ == "__main__":
    main(*inputs())
