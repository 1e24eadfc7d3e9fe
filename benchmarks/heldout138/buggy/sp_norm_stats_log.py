"""longctx/strategies/sequence_parallel.py -- sequence-parallel RMSNorm: each device holds a
slice of the sequence, the per-example mean square is summed over the sequence shards; a
stats logger plugin (named in the config by the axis it logs over) keeps it per shard.
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


SP_DEFAULTS = RunConfig(strategy="sp_norm", mesh_shape=(4, 2),
                        mesh_axes=(MeshAxis.DATA, MeshAxis.SEQ))


class StatsLogger:
    def __init__(self, over: str):
        self.over = MeshAxis[over.upper()]

    def keep(self, stat):
        return jax.lax.all_gather(stat, self.over.value, axis=1, tiled=True, to="reduced")


class SequenceParallelNorm(ParallelStrategy, key="sp_norm"):
    batch = MeshAxis.DATA
    seq = MeshAxis.SEQ
    eps = 1e-6

    def __init__(self, mesh, logger: StatsLogger, **options):
        super().__init__(mesh, **options)
        self.logger = logger

    def in_specs(self):
        return (P(self.batch.value, self.seq.value, None), P(None))

    def out_specs(self):
        return (P(self.batch.value, self.seq.value, None),
                P(self.batch.value, None, reduced={self.logger.over.value}))

    def body(self, x, gamma):
        n_tokens = x.shape[1] * jax.lax.axis_size(self.seq.value)
        ms = jax.lax.psum(jnp.sum(x * x, axis=(1, 2)), self.seq.value) / (n_tokens * x.shape[2])
        y = x * jax.lax.rsqrt(ms + self.eps)[:, None, None] * gamma
        return y, self.logger.keep(ms[:, None])


def inputs():
    rng = np.random.default_rng(20)
    x = rng.normal(size=(8, 16, 4)).astype(np.float32)
    gamma = np.ones((4,), np.float32)
    return ["--strategy=sp_norm", "--log_over=seq"], x, gamma


def main(argv, x, gamma):
    cfg = parse_argv(argv, SP_DEFAULTS)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh, logger=StatsLogger(cfg.options["log_over"]))
    y, ms_log = strat.run(x, gamma)
    print("normed", y.shape, "ms log", ms_log.shape)
    return y


if __name__ == "__main__":
    main(*inputs())
