"""longctx/strategies/sp_loss.py -- sequence-parallel next-token loss: each shard scores its
slice of the sequence, the per-example loss is summed over the sequence shards, then the
`average` hook of the loss plugin averages it over the axes the plugin declares.
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


SP_DEFAULTS = RunConfig(strategy="sp_loss", mesh_shape=(4, 2),
                        mesh_axes=(MeshAxis.DATA, MeshAxis.SEQ))


class LossPlugin(abc.ABC):
    axes: tuple = ()

    @abc.abstractmethod
    def average(self, per_example): ...


class MeanOverMesh(LossPlugin):
    axes = (MeshAxis.DATA, MeshAxis.SEQ)

    def average(self, per_example):
        return jax.lax.pmean(jnp.mean(per_example), [a.value for a in self.axes])


class MeanOverBatch(LossPlugin):
    axes = (MeshAxis.DATA,)

    def average(self, per_example):
        return jax.lax.pmean(jnp.mean(per_example), self.axes[0].value)


LOSS_PLUGINS = {"mesh": MeanOverMesh, "batch": MeanOverBatch}


@register("sp_loss")
class SequenceParallelLoss(ParallelStrategy):
    batch = MeshAxis.DATA
    seq = MeshAxis.SEQ

    def __init__(self, mesh, plugin: LossPlugin, **options):
        super().__init__(mesh, **options)
        self.plugin = plugin

    def in_specs(self):
        return (P(self.batch, self.seq, None), P(self.batch, self.seq), P(None, None))

    def out_specs(self):
        return P()

    def body(self, h, targets, w_vocab):
        logits = h @ w_vocab
        logp = jax.nn.log_softmax(logits, axis=-1)
        picked = jnp.take_along_axis(logp, targets[..., None], axis=-1)[..., 0]
        per_example = -jax.lax.psum(jnp.sum(picked, axis=1), self.seq)
        return self.plugin.average(per_example)


def inputs():
    rng = np.random.default_rng(24)
    h = rng.normal(size=(8, 16, 4)).astype(np.float32)
    targets = rng.integers(0, 10, size=(8, 16)).astype(np.int32)
    w_vocab = (0.5 * rng.normal(size=(4, 10))).astype(np.float32)
    return ["--strategy=sp_loss", "--average=batch"], h, targets, w_vocab


def main(argv, h, targets, w_vocab):
    cfg = parse_argv(argv, SP_DEFAULTS)
    mesh = build_mesh(cfg)
    plugin = LOSS_PLUGINS[cfg.options.get("average", "batch")]()
    strat = get_strategy(cfg.strategy, mesh=mesh, plugin=plugin)
    loss = strat.run(h, targets, w_vocab)
    print("loss", float(loss))
    return loss


if __name__ == "__main__":
    main(*inputs())
