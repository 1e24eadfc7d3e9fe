"""gpipe_lite/strategies/pp_loss.py -- last-stage loss of a two-tick pipeline, broadcast to
every stage with a masked psum, then averaged by the reporting hook over the axes the
strategy reports on.
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


PP_DEFAULTS = RunConfig(strategy="pp_loss", mesh_shape=(4, 2),
                        mesh_axes=(MeshAxis.STAGE, MeshAxis.DATA))


class Reporter(typing.Protocol):
    def __call__(self, loss, axes): ...


def mean_reporter(loss, axes):
    return jax.lax.pmean(loss, axis_name=axes)


class PipelineLoss(ParallelStrategy):
    stage = MeshAxis.STAGE
    data = MeshAxis.DATA
    report_axes: tuple = ()

    def __init__(self, mesh, reporter: Reporter = mean_reporter, **options):
        super().__init__(mesh, **options)
        self.reporter = reporter

    def in_specs(self):
        return (P(self.stage.value, None, None), P(self.data.value, None), P(self.data.value, None))

    def out_specs(self):
        return P()

    def body(self, w, x, y):
        n = jax.lax.axis_size(self.stage.value)
        me = jax.lax.axis_index(self.stage.value)
        h = x
        for _ in range(n):
            h = jnp.tanh(h @ w[0])
            h = jax.lax.ppermute(h, self.stage.value, [(i, (i + 1) % n) for i in range(n)])
        local = jnp.where(me == 0, jnp.mean((h - y) ** 2), 0.0)
        loss = jax.lax.psum(local, self.stage.value)
        return self.reporter(loss, tuple(a.value for a in self.report_axes))


class ReportEverywhere(PipelineLoss, key="pp_loss"):
    report_axes = (MeshAxis.STAGE, MeshAxis.DATA)


class ReportReplicas(PipelineLoss, key="pp_loss_replicas"):
    report_axes = (MeshAxis.DATA,)


def inputs():
    rng = np.random.default_rng(54)
    w = (0.5 * rng.normal(size=(4, 8, 8))).astype(np.float32)
    x = rng.normal(size=(8, 8)).astype(np.float32)
    y = rng.normal(size=(8, 8)).astype(np.float32)
    return ["--strategy=pp_loss"], w, x, y


def main(argv, w, x, y):
    cfg = parse_argv(argv, PP_DEFAULTS)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh)
    loss = strat.run(w, x, y)
    print("loss", float(loss))
    return loss


if __name__ == "__main__":
    main(*inputs())
