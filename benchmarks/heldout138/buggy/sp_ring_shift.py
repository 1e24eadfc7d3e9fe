"""longctx/strategies/sp_ring.py -- sequence-parallel causal convolution: each shard needs the
last tokens of its left neighbour, passed around the ring by a halo plugin. The `full_view`
option regathers the block for the boundary check before the halo is taken.
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


SP_DEFAULTS = RunConfig(strategy="sp_conv", mesh_shape=(2, 4),
                        mesh_axes=(MeshAxis.DATA, MeshAxis.SEQ))


class Halo(abc.ABC):
    def __init__(self, axis: MeshAxis, width: int):
        self.axis, self.width = axis, width

    @abc.abstractmethod
    def take(self, x): ...


class LeftHalo(Halo):
    def take(self, x):
        n = jax.lax.axis_size(self.axis.value)
        tail = x[:, -self.width:, :]
        return jax.lax.ppermute(tail, self.axis.value, [(i, (i + 1) % n) for i in range(n)])


@register("sp_conv")
class SequenceParallelConv(ParallelStrategy):
    batch = MeshAxis.DATA
    seq = MeshAxis.SEQ

    def __init__(self, mesh, kernel_width=3, full_view=False, **options):
        super().__init__(mesh, **options)
        self.halo = LeftHalo(self.seq, kernel_width - 1)
        self.full_view = full_view

    def in_specs(self):
        return (P(self.batch.value, self.seq.value, None), P(None, None))

    def out_specs(self):
        return P(self.batch.value, self.seq.value, None)

    def body(self, x, kernel):
        src = x
        if self.full_view:
            src = jax.lax.all_gather(x, self.seq.value, axis=1, tiled=True, to="reduced")
        left = self.halo.take(src)
        idx = jax.lax.axis_index(self.seq.value)
        left = jnp.where(idx == 0, jnp.zeros_like(left), left)
        padded = jnp.concatenate([left, x], axis=1)
        w = kernel.shape[0]
        return sum(padded[:, i:i + x.shape[1], :] * kernel[i] for i in range(w))


def inputs():
    rng = np.random.default_rng(22)
    x = rng.normal(size=(4, 16, 3)).astype(np.float32)
    kernel = rng.normal(size=(3, 3)).astype(np.float32)
    return ["--strategy=sp_conv", "--full_view=yes"], x, kernel


def main(argv, x, kernel):
    cfg = parse_argv(argv, SP_DEFAULTS)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh, kernel_width=kernel.shape[0],
                         full_view=cfg.options.get("full_view") == "yes")
    y = strat.run(x, kernel)
    print("conv", y.shape)
    return y


if __name__ == "__main__":
    main(*inputs())
