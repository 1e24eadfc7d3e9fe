"""gpipe_lite/strategies/table_schedule.py -- a pipeline driven by a table of named ops per tick
(`compute`, `shift`, `collect`), read from the schedule registry; the `interleaved_debug`
schedule collects the stage outputs before shifting them on.
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


PP_DEFAULTS = RunConfig(strategy="pp_table", mesh_shape=(4, 2),
                        mesh_axes=(MeshAxis.STAGE, MeshAxis.DATA))

OPS = {}


def op(name):
    def deco(fn):
        OPS[name] = fn
        return fn
    return deco


@op("compute")
def compute(state, w, axis):
    return jnp.tanh(state @ w[0])


@op("collect")
def collect(state, w, axis):
    return jax.lax.all_gather(state, axis, axis=0, tiled=True, to="reduced")


@op("shift")
def shift(state, w, axis):
    n = jax.lax.axis_size(axis)
    return jax.lax.ppermute(state, axis, [(i, (i + 1) % n) for i in range(n)])


SCHEDULES = {
    "plain": ["compute", "shift", "compute", "shift"],
    "interleaved_debug": ["compute", "shift", "compute", "collect"],
}


@register("pp_table")
class TablePipeline(ParallelStrategy):
    stage = MeshAxis.STAGE
    data = MeshAxis.DATA

    def __init__(self, mesh, schedule: str, **options):
        super().__init__(mesh, **options)
        self.ops = [OPS[name] for name in SCHEDULES[schedule]]

    def in_specs(self):
        return (P(self.stage.value, None, None), P(self.data.value, None))

    def out_specs(self):
        if self.ops[-1] is collect:
            return P(self.data.value, None, reduced={self.stage.value})
        return P((self.stage.value, self.data.value), None)

    def body(self, w, x):
        state = x
        for fn in self.ops:
            state = fn(state, w, self.stage.value)
        return state


def inputs():
    rng = np.random.default_rng(52)
    w = (0.5 * rng.normal(size=(4, 8, 8))).astype(np.float32)
    x = rng.normal(size=(8, 8)).astype(np.float32)
    return ["--strategy=pp_table", "--schedule=interleaved_debug"], w, x


def main(argv, w, x):
    cfg = parse_argv(argv, PP_DEFAULTS)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh, schedule=cfg.options.get("schedule", "plain"))
    out = strat.run(w, x)
    print("out", out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
