"""gpipe_lite/debug/stage_trace.py -- one pipeline tick per stage; the outputs of every stage
are regathered (kept reduced) for the stage-health check, and the tracer plugin collects them
over every axis of the mesh it was built for.
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


PP_DEFAULTS = RunConfig(strategy="pp_trace", mesh_shape=(4, 2),
                        mesh_axes=(MeshAxis.STAGE, MeshAxis.DATA))


class Tracer:
    def __init__(self, mesh):
        self.axes = tuple(mesh.axis_names)

    def collect(self, per_stage):
        return jax.lax.all_gather(per_stage, axis_name=self.axes, axis=1, tiled=True, to="reduced")


class StageTrace(ParallelStrategy, key="pp_trace"):
    stage = MeshAxis.STAGE
    data = MeshAxis.DATA

    def __init__(self, mesh, tracer: Tracer, **options):
        super().__init__(mesh, **options)
        self.tracer = tracer

    def in_specs(self):
        return (P(self.stage.value, None, None), P(self.data.value, None))

    def out_specs(self):
        return (P((self.stage.value, self.data.value), None),
                P(None, None, None, reduced=set(self.tracer.axes)))

    def body(self, w, x):
        n = jax.lax.axis_size(self.stage.value)
        h = jnp.tanh(x @ w[0])
        per_stage = jax.lax.all_gather(h[None], self.stage.value, axis=0, tiled=True,
                                       to="reduced")
        shifted = jax.lax.ppermute(h, self.stage.value, [(i, (i + 1) % n) for i in range(n)])
        return shifted, self.tracer.collect(per_stage)


def inputs():
    rng = np.random.default_rng(51)
    w = (0.5 * rng.normal(size=(4, 8, 8))).astype(np.float32)
    x = rng.normal(size=(8, 8)).astype(np.float32)
    return ["--strategy=pp_trace"], w, x


def main(argv, w, x):
    cfg = parse_argv(argv, PP_DEFAULTS)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh, tracer=Tracer(mesh))
    out, trace = strat.run(w, x)
    print("out", out.shape, "trace", trace.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
