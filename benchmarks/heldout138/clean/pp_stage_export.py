"""gpipe_lite/checkpoint/stage_export.py -- each pipeline stage owns one layer's weight; after
a jitted update the exporter regathers the stacked weights. The exporter marks as reduced the
axes its config lists (by default every axis of the mesh).
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


PP_DEFAULTS = RunConfig(strategy="pp_update", mesh_shape=(4, 2),
                        mesh_axes=(MeshAxis.STAGE, MeshAxis.DATA))


@dataclass(frozen=True)
class ExportConfig:
    reduce_axes: tuple = ()

    def resolved(self, mesh):
        return self.reduce_axes or tuple(mesh.axis_names)


@register("pp_update")
class StageUpdate(ParallelStrategy):
    stage = MeshAxis.STAGE

    def in_specs(self):
        return (P(self.stage.value, None, None), P(self.stage.value, None, None))

    def out_specs(self):
        return P(self.stage.value, None, None)

    def body(self, w, g):
        return w - 0.05 * g

    @functools.cached_property
    def jitted(self):
        spec = self.out_specs()
        return jax.jit(jax.shard_map(self.body, mesh=self.mesh, in_specs=self.in_specs(),
                                     out_specs=spec),
                       out_shardings=NamedSharding(self.mesh, spec))


def export_stack(w, mesh, cfg: ExportConfig):
    spec = P(None, None, None, reduced=set(cfg.resolved(mesh)))
    return top_level_all_gather(w, spec)


def inputs():
    rng = np.random.default_rng(53)
    w = rng.normal(size=(4, 8, 8)).astype(np.float32)
    g = rng.normal(size=(4, 8, 8)).astype(np.float32)
    return ["--strategy=pp_update"], w, g


def main(argv, w, g):
    cfg = parse_argv(argv, PP_DEFAULTS)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh)
    w = strat.jitted(*strat.place(w, g))
    with jax.set_mesh(mesh):
        stacked = export_stack(w, mesh, ExportConfig(reduce_axes=(MeshAxis.STAGE.value,)))
    print("stacked", stacked.shape)
    return stacked


if __name__ == "__main__":
    main(*inputs())
