"""moe_lite/strategies/ep_aux.py -- expert-parallel router with the Switch-style load-balancing
loss: the token fraction per expert is summed over the batch shards, multiplied by the mean
router probability, and the aux loss is summed over every mesh axis the strategy lists.
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


EP_DEFAULTS = RunConfig(strategy="ep_aux", mesh_shape=(4, 2),
                        mesh_axes=(MeshAxis.DATA, MeshAxis.EXPERT))


class AuxLoss(abc.ABC):
    def __init__(self, strategy):
        self.strategy = strategy

    @abc.abstractmethod
    def __call__(self, probs, n_tokens): ...


class SwitchAux(AuxLoss):
    def __call__(self, probs, n_tokens):
        s = self.strategy
        frac = jax.lax.psum(jnp.sum(probs > 0.5, axis=0).astype(jnp.float32), s.batch.value)
        mean_p = jax.lax.pmean(jnp.mean(probs, axis=0), s.batch.value)
        per_expert = frac / n_tokens * mean_p
        return jax.lax.psum(jnp.sum(per_expert), s.loss_axes())


@register("ep_aux")
class ExpertParallelAux(ParallelStrategy):
    batch = MeshAxis.DATA
    expert = MeshAxis.EXPERT

    def __init__(self, mesh, **options):
        super().__init__(mesh, **options)
        self.aux = SwitchAux(self)

    def loss_axes(self):
        return self.expert.value

    def in_specs(self):
        return (P(self.batch.value, None), P(None, self.expert.value))

    def out_specs(self):
        return (P(self.batch.value, self.expert.value), P())

    def body(self, x, w_router):
        probs = jax.nn.sigmoid(x @ w_router)
        n_tokens = x.shape[0] * jax.lax.axis_size(self.batch.value)
        return probs, self.aux(probs, n_tokens)


def inputs():
    rng = np.random.default_rng(34)
    x = rng.normal(size=(32, 8)).astype(np.float32)
    w_router = rng.normal(size=(8, 4)).astype(np.float32)
    return ["--strategy=ep_aux"], x, w_router


def main(argv, x, w_router):
    cfg = parse_argv(argv, EP_DEFAULTS)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh)
    probs, aux = strat.run(x, w_router)
    print("aux loss", float(aux))
    return aux


if __name__ == "__main__":
    main(*inputs())
