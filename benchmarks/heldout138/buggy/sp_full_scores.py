"""longctx/strategies/sp_scores.py -- sequence-parallel attention scores: the keys stay local,
each query shard's scores against its key slice are regathered over the sequence axis (kept
reduced for the backward pass), then the normaliser registered for the config turns them into
attention weights.
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


SP_DEFAULTS = RunConfig(strategy="sp_scores", mesh_shape=(2, 4),
                        mesh_axes=(MeshAxis.DATA, MeshAxis.SEQ))


@dataclass(frozen=True)
class AttnConfig:
    normaliser: str = "softmax"
    temperature: float = 1.0


NORMALISERS = {
    "softmax": lambda s: jax.nn.softmax(s, axis=-1),
    "sigmoid": jax.nn.sigmoid,
}


class SequenceParallelScores(ParallelStrategy, key="sp_scores"):
    batch = MeshAxis.DATA
    seq = MeshAxis.SEQ

    def __init__(self, mesh, attn: AttnConfig, **options):
        super().__init__(mesh, **options)
        self.attn = attn

    def in_specs(self):
        return (P(self.batch.value, None, None), P(self.batch.value, self.seq.value, None))

    def out_specs(self):
        return P(self.batch.value, None, None, reduced={self.seq.value})

    def scores(self, q, k_local):
        local = jnp.einsum("bqd,bkd->bqk", q, k_local)
        return jax.lax.all_gather(local, self.seq.value, axis=2, tiled=True, to="reduced")

    def body(self, q, k):
        s = self.scores(q, k)
        return NORMALISERS[self.attn.normaliser](s)


def inputs():
    rng = np.random.default_rng(25)
    q = rng.normal(size=(4, 8, 4)).astype(np.float32)
    k = rng.normal(size=(4, 16, 4)).astype(np.float32)
    return ["--strategy=sp_scores", "--normaliser=softmax"], q, k


def main(argv, q, k):
    cfg = parse_argv(argv, SP_DEFAULTS)
    mesh = build_mesh(cfg)
    attn = AttnConfig(normaliser=cfg.options.get("normaliser", "sigmoid"))
    strat = get_strategy(cfg.strategy, mesh=mesh, attn=attn)
    weights = strat.run(q, k)
    print("weights", weights.shape)
    return weights


if __name__ == "__main__":
    main(*inputs())
