"""probe_trainer/checkpoint/zero1_export.py -- ZeRO-1 style data parallel: the Adam moments are
split over every device, the params stay replicated; the checkpoint writer regathers the moments
with the layouts listed in the exporter registry.
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


class ExportLayout(str, enum.Enum):
    FULL = "full"
    PER_HOST = "per_host"


EXPORTERS = {}


def exporter(kind: ExportLayout):
    def deco(fn):
        EXPORTERS[kind] = fn
        return fn
    return deco


@exporter(ExportLayout.FULL)
def export_full(x):
    return top_level_all_gather(x, P(None, None, reduced={MeshAxis.DATA.value, MeshAxis.MODEL.value}),
                                multi_dim=True)


@exporter(ExportLayout.PER_HOST)
def export_per_host(x):
    return top_level_all_gather(x, P(MeshAxis.MODEL.value, None, reduced={MeshAxis.DATA.value}))


@register("zero1")
class Zero1(ParallelStrategy):
    shard_axes = (MeshAxis.DATA, MeshAxis.MODEL)

    def in_specs(self):
        flat = tuple(a.value for a in self.shard_axes)
        return (P(), P(flat, None), P(flat, None))

    def out_specs(self):
        flat = tuple(a.value for a in self.shard_axes)
        return (P(flat, None), P(flat, None))

    def body(self, g, mu, nu):
        n = jax.lax.axis_size(tuple(a.value for a in self.shard_axes))
        idx = jax.lax.axis_index(tuple(a.value for a in self.shard_axes))
        rows = g.shape[0] // n
        g_loc = jax.lax.dynamic_slice_in_dim(g, idx * rows, rows, axis=0)
        mu = 0.9 * mu + 0.1 * g_loc
        nu = 0.999 * nu + 0.001 * g_loc * g_loc
        return mu, nu


def inputs():
    rng = np.random.default_rng(3)
    g = rng.normal(size=(32, 4)).astype(np.float32)
    return ["--strategy=zero1", "--layout=per_host"], g


def main(argv, g):
    cfg = parse_argv(argv)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh)
    zeros = np.zeros_like(g)
    mu, nu = strat.run(g, zeros, zeros)
    layout = ExportLayout(cfg.options.get("layout", "full"))
    with jax.set_mesh(mesh):
        saved = {name: EXPORTERS[layout](arr) for name, arr in (("mu", mu), ("nu", nu))}
    print({k: v.shape for k, v in saved.items()})
    return saved["mu"]


if __name__ == "__main__":
    main(*inputs())
