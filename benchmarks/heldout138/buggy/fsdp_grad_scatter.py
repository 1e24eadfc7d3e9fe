"""zerotrain/strategies/fsdp_sync.py -- FSDP over rows with the columns split over the model
axis; a gradient sync hook all-reduces over the fsdp shards (the DDP code path it came from),
then the reduce-scatter hook shards the gradient over the axes of the parameter layout.
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


FSDP_DEFAULTS = RunConfig(strategy="fsdp_sync", mesh_shape=(4, 2),
                          mesh_axes=(MeshAxis.FSDP, MeshAxis.MODEL))

HOOKS = []


def grad_hook(fn):
    HOOKS.append(fn)
    return fn


@grad_hook
def allreduce_hook(g, strategy):
    return jax.lax.pmean(g, strategy.rows.value)


@grad_hook
def scatter_hook(g, strategy):
    axes = (strategy.rows.value, strategy.cols.value)
    return jax.lax.psum_scatter(g, axes, scatter_dimension=0, tiled=True)


@register("fsdp_sync")
class FsdpSync(ParallelStrategy):
    rows = MeshAxis.FSDP
    cols = MeshAxis.MODEL

    def in_specs(self):
        return (P((self.rows.value, self.cols.value), None),
                P(self.rows.value, None), P(self.rows.value, self.cols.value))

    def out_specs(self):
        return P((self.rows.value, self.cols.value), None)

    def body(self, w_shard, x, y):
        w = jax.lax.all_gather(w_shard, (self.rows.value, self.cols.value), axis=0, tiled=True)
        pred = x @ w
        col = jax.lax.axis_index(self.cols.value)
        width = y.shape[1]
        err = jax.lax.dynamic_slice_in_dim(pred, col * width, width, axis=1) - y
        g = jnp.zeros_like(w)
        g = jax.lax.dynamic_update_slice_in_dim(g, x.T @ err, col * width, axis=1)
        for hook in HOOKS:
            g = hook(g, self)
        return w_shard - 0.1 * g


def inputs():
    rng = np.random.default_rng(44)
    w = (0.1 * rng.normal(size=(16, 4))).astype(np.float32)
    x = rng.normal(size=(16, 16)).astype(np.float32)
    y = rng.normal(size=(16, 4)).astype(np.float32)
    return ["--strategy=fsdp_sync"], w, x, y


def main(argv, w, x, y):
    cfg = parse_argv(argv, FSDP_DEFAULTS)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh)
    w = strat.run(w, x, y)
    print("w", w.shape)
    return w


if __name__ == "__main__":
    main(*inputs())
