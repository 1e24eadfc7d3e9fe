"""hybrid2d/serving/relayout.py -- the 2D-parallel embedding table (rows over data, columns over
model) is regathered for the serving replicas, whose layout (rows over the model axis) comes
from the serving plugin picked by name.
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


class ServingLayout(abc.ABC):
    _all = {}

    def __init_subclass__(cls, *, name, **kw):
        super().__init_subclass__(**kw)
        ServingLayout._all[name] = cls

    @abc.abstractmethod
    def spec(self) -> P: ...


class Replicated(ServingLayout, name="replicated"):
    def spec(self):
        return P(None, None, reduced={MeshAxis.DATA.value, MeshAxis.MODEL.value})


class RowsOverModel(ServingLayout, name="rows_over_model"):
    def spec(self):
        return P(MeshAxis.MODEL.value, None, reduced={MeshAxis.DATA.value})


@register("dp_tp_embed")
class Embed2D(ParallelStrategy):
    rows = MeshAxis.DATA
    cols = MeshAxis.MODEL

    def in_specs(self):
        return (P(self.rows.value, self.cols.value),)

    def out_specs(self):
        return P(self.rows.value, self.cols.value)

    def body(self, table):
        norms = jax.lax.psum(jnp.sum(table * table, axis=1, keepdims=True), self.cols.value)
        return table * jax.lax.rsqrt(norms + 1e-6)


def serve(table, layout: ServingLayout):
    return top_level_all_gather(table, layout.spec(), multi_dim=True)


def inputs():
    rng = np.random.default_rng(63)
    table = rng.normal(size=(16, 8)).astype(np.float32)
    return ["--strategy=dp_tp_embed", "--serving=rows_over_model"], table


def main(argv, table):
    cfg = parse_argv(argv)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh)
    table = strat.run(table)
    layout = ServingLayout._all[cfg.options["serving"]]()
    with jax.set_mesh(mesh):
        served = serve(table, layout)
    print("served", served.shape)
    return served


if __name__ == "__main__":
    main(*inputs())
