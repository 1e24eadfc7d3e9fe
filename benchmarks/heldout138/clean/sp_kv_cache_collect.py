"""longctx/strategies/sp_kv.py -- sequence-parallel attention that first regathers the keys of
the whole sequence (full-context attention); the KV-cache writer plugin then collects the
keys over the axes of the cache layout.
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


SP_DEFAULTS = RunConfig(strategy="sp_kv", mesh_shape=(4, 2),
                        mesh_axes=(MeshAxis.DATA, MeshAxis.SEQ))

CACHE_LAYOUT = {"batch": MeshAxis.DATA, "time": MeshAxis.SEQ}


class CacheWriter:
    def __init__(self, layout):
        self.axes = tuple(ax.value for ax in layout.values())

    def write(self, k_full):
        k_full = jax.lax.pcast(k_full, MeshAxis.SEQ.value, to="varying")
        return jax.lax.all_gather(k_full, self.axes, axis=0, tiled=True, to="reduced")


@register("sp_kv")
class SequenceParallelKV(ParallelStrategy):
    batch = MeshAxis.DATA
    seq = MeshAxis.SEQ

    def __init__(self, mesh, writer: CacheWriter, **options):
        super().__init__(mesh, **options)
        self.writer = writer

    def in_specs(self):
        spec = P(self.batch.value, self.seq.value, None)
        return (spec, spec, spec)

    def out_specs(self):
        return (P(self.batch.value, self.seq.value, None),
                P(None, None, None, reduced=set(self.writer.axes)))

    def body(self, q, k, v):
        k_full = jax.lax.all_gather(k, self.seq.value, axis=1, tiled=True, to="reduced")
        v_full = jax.lax.all_gather(v, self.seq.value, axis=1, tiled=True)
        scores = jnp.einsum("bqd,bkd->bqk", q, jax.lax.pcast(k_full, self.seq.value, to="varying"))
        probs = jax.nn.softmax(scores / np.sqrt(q.shape[-1]), axis=-1)
        out = jnp.einsum("bqk,bkd->bqd", probs, v_full)
        return out, self.writer.write(k_full)


def inputs():
    rng = np.random.default_rng(21)
    q, k, v = (rng.normal(size=(4, 8, 4)).astype(np.float32) for _ in range(3))
    return ["--strategy=sp_kv"], q, k, v


def main(argv, q, k, v):
    cfg = parse_argv(argv, SP_DEFAULTS)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh, writer=CacheWriter(CACHE_LAYOUT))
    out, cache = strat.run(q, k, v)
    print("attn", out.shape, "cache", cache.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
