"""longctx/strategies/sp_ring_sum.py -- sequence-parallel prefix statistics: each shard's block
total is passed around the ring so every shard learns the sum of the blocks before it; the
global total is a psum over the sequence shards.
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


SP_DEFAULTS = RunConfig(strategy="sp_prefix", mesh_shape=(2, 4),
                        mesh_axes=(MeshAxis.DATA, MeshAxis.SEQ))


class RingPass(abc.ABC):
    def __init__(self, axis: MeshAxis):
        self.axis = axis

    @abc.abstractmethod
    def exclusive_prefix(self, block_total): ...


class LinearRing(RingPass):
    def exclusive_prefix(self, block_total):
        n = jax.lax.axis_size(self.axis.value)
        me = jax.lax.axis_index(self.axis.value)
        carry = block_total
        prefix = jnp.zeros_like(block_total)
        for step in range(1, n):
            carry = jax.lax.ppermute(carry, self.axis.value, [(i, (i + 1) % n) for i in range(n)])
            prefix = prefix + jnp.where(me >= step, carry, 0.0)
        return prefix


@register("sp_prefix")
class SequencePrefix(ParallelStrategy):
    batch = MeshAxis.DATA
    seq = MeshAxis.SEQ

    def __init__(self, mesh, ring: RingPass, **options):
        super().__init__(mesh, **options)
        self.ring = ring

    def in_specs(self):
        return (P(self.batch.value, self.seq.value),)

    def out_specs(self):
        return (P(self.batch.value, self.seq.value), P(self.batch.value))

    def body(self, x):
        block_total = jnp.sum(x, axis=1)
        prefix = self.ring.exclusive_prefix(block_total)
        cums = jnp.cumsum(x, axis=1) + prefix[:, None]
        total = jax.lax.psum(block_total, self.seq.value)
        return cums, total


def inputs():
    rng = np.random.default_rng(72)
    return ["--strategy=sp_prefix"], rng.normal(size=(4, 16)).astype(np.float32)


def main(argv, x):
    cfg = parse_argv(argv, SP_DEFAULTS)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh, ring=LinearRing(MeshAxis.SEQ))
    cums, total = strat.run(x)
    assert np.allclose(np.asarray(cums), np.cumsum(x, axis=1), atol=1e-4)
    print("total", np.asarray(total))
    return cums


if __name__ == "__main__":
    main(*inputs())
