"""zerotrain/checkpoint/fsdp_consolidate.py -- runs the FSDP init step under the training mesh
and writes a consolidated copy of the sharded weights through the checkpoint plugin.
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
from jax._src.shard_map import top_level_all_gather


FSDP_DEFAULTS = RunConfig(strategy="fsdp_init", mesh_shape=(4, 2),
                          mesh_axes=(MeshAxis.FSDP, MeshAxis.MODEL))


class CheckpointPlugin(abc.ABC):
    @abc.abstractmethod
    def save(self, name, value): ...


class Consolidated(CheckpointPlugin):
    def __init__(self, spec_of):
        self.spec_of = spec_of
        self.saved = {}

    def save(self, name, value):
        self.saved[name] = top_level_all_gather(value, self.spec_of(name))
        return self.saved[name]


@register("fsdp_init")
class FsdpInit(ParallelStrategy):
    shard = MeshAxis.FSDP
    LAYOUT = {"w": P(MeshAxis.FSDP.value, None), "b": P(MeshAxis.FSDP.value)}

    def in_specs(self):
        return (self.LAYOUT["w"], self.LAYOUT["b"])

    def out_specs(self):
        return (self.LAYOUT["w"], self.LAYOUT["b"])

    def body(self, w, b):
        total = jax.lax.psum(jnp.sum(w * w), self.shard.value)
        return w * jax.lax.rsqrt(total), jnp.zeros_like(b)

    def gathered_spec(self, name):
        spec = self.LAYOUT[name]
        return P(*([None] * len(spec)), reduced={self.shard.value})


class Trainer:
    def __init__(self, cfg: RunConfig):
        self.cfg = cfg
        self.mesh = build_mesh(cfg)
        self.strategy = get_strategy(cfg.strategy, mesh=self.mesh)

    def init(self, w, b):
        with jax.set_mesh(self.mesh):
            self.params = dict(zip(("w", "b"), self.strategy.run(w, b)))
        return self.params

    def checkpoint(self, plugin: CheckpointPlugin):
        return {name: plugin.save(name, v) for name, v in self.params.items()}


def inputs():
    rng = np.random.default_rng(43)
    w = rng.normal(size=(16, 4)).astype(np.float32)
    b = rng.normal(size=(16,)).astype(np.float32)
    return ["--strategy=fsdp_init"], w, b


def main(argv, w, b):
    trainer = Trainer(parse_argv(argv, FSDP_DEFAULTS))
    trainer.init(w, b)
    with jax.set_mesh(trainer.mesh):
        ckpt = trainer.checkpoint(Consolidated(trainer.strategy.gathered_spec))
    print({k: v.shape for k, v in ckpt.items()})
    return ckpt["w"]


if __name__ == "__main__":
    main(*inputs())
