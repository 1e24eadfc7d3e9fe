"""megablocks_lite/strategies/tp_loss.py -- tensor-parallel regression head; the strategy's
`reduce_loss` hook sums the squared error over the axes listed in the run config.
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
class LossConfig:
    reduce_over: tuple = (MeshAxis.DATA, MeshAxis.MODEL)
    normalise: bool = True


class TensorParallelBase(ParallelStrategy):
    batch = MeshAxis.DATA
    shard = MeshAxis.MODEL

    def __init__(self, mesh, loss_cfg: LossConfig, **options):
        super().__init__(mesh, **options)
        self.loss_cfg = loss_cfg

    def in_specs(self):
        return (P(self.batch, None), P(self.batch, None), P(None, self.shard), P(self.shard, None))

    def out_specs(self):
        return P()

    @abc.abstractmethod
    def reduce_loss(self, sq): ...

    def body(self, x, y, w_in, w_out):
        h = jax.nn.silu(x @ w_in)
        pred = jax.lax.psum(h @ w_out, self.shard)
        sq = jnp.sum((pred - y) ** 2)
        total = self.reduce_loss(sq)
        if self.loss_cfg.normalise:
            total = total / (x.shape[0] * jax.lax.axis_size(self.batch))
        return total


class SumLoss(TensorParallelBase, key="tp_sum"):
    def reduce_loss(self, sq):
        return jax.lax.psum(sq, tuple(a.value for a in self.loss_cfg.reduce_over))


class BatchSumLoss(TensorParallelBase, key="tp_batch_sum"):
    def reduce_loss(self, sq):
        return jax.lax.psum(sq, self.batch)


def inputs():
    rng = np.random.default_rng(14)
    x = rng.normal(size=(32, 8)).astype(np.float32)
    y = rng.normal(size=(32, 8)).astype(np.float32)
    w_in = (0.1 * rng.normal(size=(8, 16))).astype(np.float32)
    w_out = (0.1 * rng.normal(size=(16, 8))).astype(np.float32)
    return ["--strategy=tp_batch_sum"], x, y, w_in, w_out


def main(argv, x, y, w_in, w_out):
    cfg = parse_argv(argv)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh, loss_cfg=LossConfig())
    loss = strat.run(x, y, w_in, w_out)
    print("loss", float(loss))
    return loss


if __name__ == "__main__":
    main(*inputs())
