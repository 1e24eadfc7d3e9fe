"""megablocks_lite/checkpoint/tp_export.py -- one jitted tensor-parallel init step, then the
exporter plugin regathers each weight from its tensor-parallel layout for the consolidated
checkpoint (specs per parameter come from the strategy's layout table).
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


class Param(str, enum.Enum):
    W_IN = "w_in"
    W_OUT = "w_out"


@register("tp_export")
class TensorParallelExport(ParallelStrategy):
    shard = MeshAxis.MODEL

    LAYOUT = {
        Param.W_IN: P(None, MeshAxis.MODEL.value),
        Param.W_OUT: P(MeshAxis.MODEL.value, None),
    }

    def in_specs(self):
        return (self.LAYOUT[Param.W_IN], self.LAYOUT[Param.W_OUT])

    def out_specs(self):
        return (self.LAYOUT[Param.W_IN], self.LAYOUT[Param.W_OUT])

    def body(self, w_in, w_out):
        scale_in = jax.lax.rsqrt(jax.lax.psum(jnp.sum(w_in * w_in), self.shard.value))
        scale_out = jax.lax.rsqrt(jax.lax.psum(jnp.sum(w_out * w_out), self.shard.value))
        return w_in * scale_in, w_out * scale_out

    def consolidated_spec(self, name: Param):
        spec = self.LAYOUT[name]
        return P(*(None for _ in spec), reduced={self.shard.value})


def export(strategy, params):
    out = {}
    for name in Param:
        out[name.value] = top_level_all_gather(params[name], strategy.consolidated_spec(name))
    return out


def inputs():
    rng = np.random.default_rng(13)
    w_in = rng.normal(size=(8, 16)).astype(np.float32)
    w_out = rng.normal(size=(16, 8)).astype(np.float32)
    return ["--strategy=tp_export"], w_in, w_out


def main(argv, w_in, w_out):
    cfg = parse_argv(argv)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh)
    w_in, w_out = strat.run(w_in, w_out)
    with jax.set_mesh(mesh):
        ckpt = export(strat, {Param.W_IN: w_in, Param.W_OUT: w_out})
    print({k: v.shape for k, v in ckpt.items()})
    return ckpt["w_in"]


if __name__ == "__main__":
    main(*inputs())
