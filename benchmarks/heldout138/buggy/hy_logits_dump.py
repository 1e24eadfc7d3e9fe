"""hybrid2d/debug/logits_dump.py -- 2D data x tensor parallel output layer with the vocabulary
split over the model axis; the logits are regathered over the vocabulary shards (kept reduced)
and the dump plugin collects them over the enum axes its layout lists.
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


class DumpPlugin:
    layout = (MeshAxis.DATA, MeshAxis.MODEL)

    def dump(self, logits):
        return jax.lax.all_gather(logits, self.layout, axis=0, tiled=True, to="reduced")


class NoDump(DumpPlugin):
    layout = ()

    def dump(self, logits):
        return logits


@register("dp_tp_vocab")
class VocabParallel(ParallelStrategy):
    batch = MeshAxis.DATA
    vocab = MeshAxis.MODEL

    def __init__(self, mesh, dumper: DumpPlugin, **options):
        super().__init__(mesh, **options)
        self.dumper = dumper

    def in_specs(self):
        return (P(self.batch, None), P(None, self.vocab))

    def out_specs(self):
        return (P(self.batch, None), P(None, None, reduced={a.value for a in self.dumper.layout}))

    def body(self, h, w_vocab):
        local = h @ w_vocab
        logits = jax.lax.all_gather(local, self.vocab, axis=1, tiled=True, to="reduced")
        m = jax.lax.pmax(jnp.max(local, axis=-1), self.vocab)
        z = jax.lax.psum(jnp.sum(jnp.exp(local - m[:, None]), axis=-1), self.vocab)
        lse = m + jnp.log(z)
        return lse[:, None], self.dumper.dump(logits)


def inputs():
    rng = np.random.default_rng(61)
    h = rng.normal(size=(16, 8)).astype(np.float32)
    w_vocab = rng.normal(size=(8, 32)).astype(np.float32)
    return ["--strategy=dp_tp_vocab", "--dump=1"], h, w_vocab


def main(argv, h, w_vocab):
    cfg = parse_argv(argv)
    mesh = build_mesh(cfg)
    dumper = DumpPlugin() if cfg.options.get("dump") == "1" else NoDump()
    strat = get_strategy(cfg.strategy, mesh=mesh, dumper=dumper)
    lse, dumped = strat.run(h, w_vocab)
    print("lse", lse.shape, "dumped", dumped.shape)
    return lse


if __name__ == "__main__":
    main(*inputs())
