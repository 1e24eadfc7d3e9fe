"""megablocks_lite/strategies/tp_gather_out.py -- column-parallel projection whose output is
activated and biased on each model shard, then regathered over the model shards (kept
reduced: the next layer is replicated and the backward pass reduce-scatters).
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
class ProjConfig:
    activation: str = "gelu"


ACTIVATIONS = {"gelu": jax.nn.gelu, "relu": jax.nn.relu}


@functools.singledispatch
def activation_of(cfg):
    raise TypeError(type(cfg).__name__)


@activation_of.register
def _(cfg: ProjConfig):
    return ACTIVATIONS[cfg.activation]


class ColumnParallel(ParallelStrategy, key="tp_colgather"):
    batch = MeshAxis.DATA
    shard = MeshAxis.MODEL

    def __init__(self, mesh, proj: ProjConfig, **options):
        super().__init__(mesh, **options)
        self.act = activation_of(proj)

    def in_specs(self):
        return (P(self.batch.value, None), P(None, self.shard.value), P(self.shard.value))

    def out_specs(self):
        return P(self.batch.value, None, reduced={self.shard.value})

    def body(self, x, w, b):
        local = self.act(x @ w + b) * 0.5
        return jax.lax.all_gather(local, self.shard.value, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(71)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    w = rng.normal(size=(8, 16)).astype(np.float32)
    b = rng.normal(size=(16,)).astype(np.float32)
    return ["--strategy=tp_colgather", "--activation=gelu"], x, w, b


def main(argv, x, w, b):
    cfg = parse_argv(argv)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh, proj=ProjConfig(cfg.options["activation"]))
    y = strat.run(x, w, b)
    print("y", y.shape)
    return y


if __name__ == "__main__":
    main(*inputs())
