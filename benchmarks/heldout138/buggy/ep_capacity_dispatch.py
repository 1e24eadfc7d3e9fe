"""moe_lite/strategies/ep_dispatch.py -- expert-parallel dispatch with all_to_all: tokens are
bucketed per expert shard, exchanged, processed by the local experts and sent back. The
capacity guard plugin may regather the buckets first to check the overflow.
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


EP_DEFAULTS = RunConfig(strategy="ep_dispatch", mesh_shape=(4, 2),
                        mesh_axes=(MeshAxis.DATA, MeshAxis.EXPERT))


class CapacityGuard(typing.Protocol):
    def __call__(self, counts, axis: str): ...


def no_guard(counts, axis):
    return counts


def gather_guard(counts, axis):
    seen = jax.lax.all_gather(counts, axis, axis=0, tiled=True, to="reduced")
    return seen


GUARDS: dict[str, CapacityGuard] = {"none": no_guard, "gather": gather_guard}


@register("ep_dispatch")
class ExpertParallelDispatch(ParallelStrategy):
    batch = MeshAxis.DATA
    expert = MeshAxis.EXPERT

    def __init__(self, mesh, guard: str = "none", **options):
        super().__init__(mesh, **options)
        self.guard = GUARDS[guard]

    def in_specs(self):
        return (P((self.batch.value, self.expert.value), None), P(self.expert.value, None, None))

    def out_specs(self):
        flat = (self.batch.value, self.expert.value)
        return (P(flat, None), P(flat))

    def body(self, tokens, w_local):
        n = jax.lax.axis_size(self.expert.value)
        buckets = tokens.reshape(n, tokens.shape[0] // n, tokens.shape[1])
        counts = jnp.sum(jnp.abs(buckets) > 1.0, axis=(1, 2)).astype(jnp.float32)
        incoming = jax.lax.psum_scatter(self.guard(counts, self.expert.value), self.expert.value,
                                        tiled=True)
        arrived = jax.lax.all_to_all(buckets, self.expert.value, 0, 0)
        processed = jnp.tanh(jnp.einsum("ntd,df->ntf", arrived, w_local[0]))
        back = jax.lax.all_to_all(processed, self.expert.value, 0, 0)
        return back.reshape(tokens.shape), jnp.sum(incoming)[None]


def inputs():
    rng = np.random.default_rng(32)
    tokens = rng.normal(size=(32, 4)).astype(np.float32)
    w = (0.5 * rng.normal(size=(2, 4, 4))).astype(np.float32)
    return ["--strategy=ep_dispatch", "--guard=gather"], tokens, w


def main(argv, tokens, w):
    cfg = parse_argv(argv, EP_DEFAULTS)
    mesh = build_mesh(cfg)
    strat = get_strategy(cfg.strategy, mesh=mesh, guard=cfg.options.get("guard", "none"))
    out, loud = strat.run(tokens, w)
    print("moe out", out.shape, "large activations per shard", np.asarray(loud))
    return out


if __name__ == "__main__":
    main(*inputs())
