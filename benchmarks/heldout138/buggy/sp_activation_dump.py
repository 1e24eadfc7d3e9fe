"""longctx/debug/sp_dump.py -- runs the sequence-parallel embedding step once and dumps the
activations for the notebook; the dump spec comes from the dumper registered for the
`--dump=` kind (the whole matrix or one batch row block per host).
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


SP_DEFAULTS = RunConfig(strategy="sp_embed", mesh_shape=(4, 2),
                        mesh_axes=(MeshAxis.DATA, MeshAxis.SEQ))

DUMP_SPECS = {}


def dump_kind(name):
    def deco(fn):
        DUMP_SPECS[name] = fn
        return fn
    return deco


@dump_kind("whole")
def whole_spec(axes):
    return P(None, None, None, reduced={a.value for a in axes})


@dump_kind("rows")
def rows_spec(axes):
    return P(axes[0].value, None, None, reduced={a.value for a in axes[1:]})


@register("sp_embed")
class SequenceParallelEmbed(ParallelStrategy):
    axes = (MeshAxis.DATA, MeshAxis.SEQ)

    def in_specs(self):
        return (P(self.axes[0].value, self.axes[1].value), P(None, None), P(self.axes[1].value, None))

    def out_specs(self):
        return P(self.axes[0].value, self.axes[1].value, None)

    def body(self, ids, table, pos):
        tok = jnp.take(table, ids, axis=0)
        return tok + pos[None, :, :]


def dump(x, kind, axes):
    return top_level_all_gather(x, DUMP_SPECS[kind](axes))


def inputs():
    rng = np.random.default_rng(23)
    ids = rng.integers(0, 32, size=(8, 16)).astype(np.int32)
    table = rng.normal(size=(32, 4)).astype(np.float32)
    pos = rng.normal(size=(16, 4)).astype(np.float32)
    return ["--strategy=sp_embed", "--dump=whole"], ids, table, pos


def main(argv, ids, table, pos):
    cfg = parse_argv(argv, SP_DEFAULTS)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh)
    act = strat.run(ids, table, pos)
    with jax.set_mesh(mesh):
        saved = dump(act, cfg.options.get("dump", "rows"), strat.axes)
    print("dumped", saved.shape)
    return saved


if __name__ == "__main__":
    main(*inputs())
