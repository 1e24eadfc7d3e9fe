"""megablocks_lite/strategies/tensor_parallel.py -- Megatron-style tensor-parallel MLP
(column-parallel up projection, row-parallel down projection) with an activation logger
plugin that keeps the block output of every model shard for the sparsity dashboard
(the hidden units, before the row-parallel reduction).
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
class MLPConfig:
    d_model: int = 16
    d_ff: int = 32


@dataclass(frozen=True)
class LoggerConfig:
    axis: str = "model"
    every: int = 1


@functools.singledispatch
def init_params(cfg, rng):
    raise TypeError(type(cfg).__name__)


@init_params.register
def _(cfg: MLPConfig, rng):
    k1, k2 = jax.random.split(rng)
    return {"w_in": jax.random.normal(k1, (cfg.d_model, cfg.d_ff)) * 0.1,
            "w_out": jax.random.normal(k2, (cfg.d_ff, cfg.d_model)) * 0.1}


class ActivationLogger:
    def __init__(self, cfg: LoggerConfig):
        self.cfg = cfg

    def __call__(self, y):
        return jax.lax.all_gather(y, MeshAxis(self.cfg.axis).value, axis=1, tiled=True,
                                  to="reduced")


@register("tp")
class TensorParallelMLP(ParallelStrategy):
    batch = MeshAxis.DATA
    shard = MeshAxis.MODEL

    def __init__(self, mesh, logger=None, **options):
        super().__init__(mesh, **options)
        self.logger = logger

    def in_specs(self):
        return (P(self.batch.value, None), P(None, self.shard.value), P(self.shard.value, None))

    def out_specs(self):
        log_spec = P(self.batch.value, None, reduced={self.logger.cfg.axis})
        return (P(self.batch.value, None), log_spec)

    def body(self, x, w_in, w_out):
        h = jax.nn.relu(x @ w_in)
        y = jax.lax.psum(h @ w_out, self.shard.value)
        seen = self.logger(h)
        return y, seen


def inputs():
    rng = np.random.default_rng(10)
    x = rng.normal(size=(16, 16)).astype(np.float32)
    return ["--strategy=tp", "--log_axis=model"], x


def main(argv, x):
    cfg = parse_argv(argv)
    mesh = build_mesh(cfg)
    params = init_params(MLPConfig(), jax.random.key(10))
    logger = ActivationLogger(LoggerConfig(axis=cfg.options["log_axis"]))
    strat = get_strategy(cfg.strategy, mesh=mesh, logger=logger)
    y, seen = strat.run(x, params["w_in"], params["w_out"])
    print("block out", y.shape, "logged", seen.shape)
    return y


if __name__ == "__main__":
    main(*inputs())
