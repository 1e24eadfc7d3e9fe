"""zerotrain/strategies/fsdp_decay.py -- FSDP step with decoupled weight decay: the weight rows
are regathered (kept reduced, so the backward pass reduce-scatters) and the optimizer plugin
registered for the run applies the decay to the full weight.
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


FSDP_DEFAULTS = RunConfig(strategy="fsdp_decay", mesh_shape=(4, 2),
                          mesh_axes=(MeshAxis.FSDP, MeshAxis.MODEL),
                          options={"optimizer": "adamw", "wd": "0.01"})


class Optimizer(abc.ABC):
    _kinds = {}

    def __init_subclass__(cls, *, name, **kw):
        super().__init_subclass__(**kw)
        Optimizer._kinds[name] = cls

    def __init__(self, wd: float):
        self.wd = wd

    @abc.abstractmethod
    def decayed(self, w): ...


class AdamW(Optimizer, name="adamw"):
    def decayed(self, w):
        return w * (1.0 - self.wd)


class Plain(Optimizer, name="sgd"):
    def decayed(self, w):
        return w


@register("fsdp_decay")
class FsdpDecay(ParallelStrategy):
    shard = MeshAxis.FSDP

    def __init__(self, mesh, optimizer: Optimizer, **options):
        super().__init__(mesh, **options)
        self.optimizer = optimizer

    def in_specs(self):
        return (P(self.shard.value, None),)

    def out_specs(self):
        return P(None, None, reduced={self.shard.value})

    def body(self, w_shard):
        w_shard = self.optimizer.decayed(w_shard)
        return jax.lax.all_gather(w_shard, self.shard.value, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(45)
    return ["--strategy=fsdp_decay"], rng.normal(size=(16, 4)).astype(np.float32)


def main(argv, w):
    cfg = parse_argv(argv, FSDP_DEFAULTS)
    mesh = build_mesh(cfg)
    opt = Optimizer._kinds[cfg.options["optimizer"]](float(cfg.options["wd"]))
    strat = get_strategy(cfg.strategy, mesh=mesh, optimizer=opt)
    w_full = strat.run(w)
    print("decayed", w_full.shape)
    return w_full


if __name__ == "__main__":
    main(*inputs())
