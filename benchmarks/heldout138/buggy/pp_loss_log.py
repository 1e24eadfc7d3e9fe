"""gpipe_lite/strategies/pipeline.py -- GPipe-style pipeline over the stage axis with data
parallel replicas: microbatches enter stage 0, activations move one stage per tick, the last
stage scores them. The loss logger keeps the per-replica loss along the axis its config names.
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


PP_DEFAULTS = RunConfig(strategy="gpipe", mesh_shape=(4, 2),
                        mesh_axes=(MeshAxis.STAGE, MeshAxis.DATA))


@dataclass(frozen=True)
class LogConfig:
    axis: str = "stage"


class Schedule(abc.ABC):
    @abc.abstractmethod
    def ticks(self, n_micro, n_stage): ...


class GPipe(Schedule):
    def ticks(self, n_micro, n_stage):
        return n_micro + n_stage - 1


@register("gpipe")
class Pipeline(ParallelStrategy):
    stage = MeshAxis.STAGE
    data = MeshAxis.DATA

    def __init__(self, mesh, schedule: Schedule, log: LogConfig, **options):
        super().__init__(mesh, **options)
        self.schedule, self.log = schedule, log

    def in_specs(self):
        return (P(self.stage.value, None, None), P(None, self.data.value, None),
                P(None, self.data.value, None))

    def out_specs(self):
        return (P(), P(None, reduced={self.log.axis}))

    def body(self, w, xs, ys):
        n = jax.lax.axis_size(self.stage.value)
        me = jax.lax.axis_index(self.stage.value)
        n_micro = xs.shape[0]
        state = jnp.zeros_like(xs[0])
        outs = jnp.zeros_like(xs)
        for t in range(self.schedule.ticks(n_micro, n)):
            if t < n_micro:
                state = jnp.where(me == 0, xs[t], state)
            state = jnp.tanh(state @ w[0])
            done = t - (n - 1)
            if 0 <= done < n_micro:
                outs = outs.at[done].set(jnp.where(me == n - 1, state, outs[done]))
            state = jax.lax.ppermute(state, self.stage.value, [(i, (i + 1) % n) for i in range(n)])
        sq = jnp.where(me == n - 1, jnp.mean((outs - ys) ** 2), 0.0)
        loss = jax.lax.psum(sq, self.stage.value)
        kept = jax.lax.all_gather(loss[None], self.log.axis, tiled=True, to="reduced")
        return jax.lax.pmean(loss, self.data.value), kept


def inputs():
    rng = np.random.default_rng(50)
    w = (0.5 * rng.normal(size=(4, 8, 8))).astype(np.float32)
    xs = rng.normal(size=(3, 8, 8)).astype(np.float32)
    ys = rng.normal(size=(3, 8, 8)).astype(np.float32)
    return ["--strategy=gpipe", "--log_axis=stage"], w, xs, ys


def main(argv, w, xs, ys):
    cfg = parse_argv(argv, PP_DEFAULTS)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh, schedule=GPipe(),
                         log=LogConfig(axis=cfg.options["log_axis"]))
    loss, kept = strat.run(w, xs, ys)
    print("loss", float(loss), "kept", kept.shape)
    return loss


if __name__ == "__main__":
    main(*inputs())
