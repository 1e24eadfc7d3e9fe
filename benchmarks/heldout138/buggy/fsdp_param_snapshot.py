"""zerotrain/strategies/fsdp_tp.py -- FSDP over rows and tensor parallel over columns: the
forward pass regathers the weight rows (kept reduced so the backward pass reduce-scatters),
and the snapshot plugin collects the weight over the axes of its layout for the EMA copy.
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


FSDP_DEFAULTS = RunConfig(strategy="fsdp_tp", mesh_shape=(4, 2),
                          mesh_axes=(MeshAxis.FSDP, MeshAxis.MODEL))


@dataclass(frozen=True)
class SnapshotLayout:
    rows: MeshAxis = MeshAxis.FSDP
    cols: MeshAxis = MeshAxis.MODEL

    def axes(self):
        return (self.rows.value, self.cols.value)


class Snapshot:
    def __init__(self, layout: SnapshotLayout):
        self.layout = layout

    def take(self, w_rows):
        return jax.lax.all_gather(w_rows, self.layout.axes(), axis=1, tiled=True, to="reduced")


@register("fsdp_tp")
class FsdpTensorParallel(ParallelStrategy):
    rows = MeshAxis.FSDP
    cols = MeshAxis.MODEL

    def __init__(self, mesh, snapshot: Snapshot, **options):
        super().__init__(mesh, **options)
        self.snapshot = snapshot

    def in_specs(self):
        return (P(self.rows.value, self.cols.value), P(self.rows.value, None))

    def out_specs(self):
        return (P(self.rows.value, self.cols.value),
                P(None, None, reduced=set(self.snapshot.layout.axes())))

    def body(self, w_shard, x):
        w_rows = jax.lax.all_gather(w_shard, self.rows.value, axis=0, tiled=True, to="reduced")
        h = x @ jax.lax.pcast(w_rows, self.rows.value, to="varying")
        return h, self.snapshot.take(w_rows)


def inputs():
    rng = np.random.default_rng(41)
    w = rng.normal(size=(8, 8)).astype(np.float32)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    return ["--strategy=fsdp_tp"], w, x


def main(argv, w, x):
    cfg = parse_argv(argv, FSDP_DEFAULTS)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh, snapshot=Snapshot(SnapshotLayout()))
    h, snap = strat.run(w, x)
    print("h", h.shape, "snapshot", snap.shape)
    return h


if __name__ == "__main__":
    main(*inputs())
