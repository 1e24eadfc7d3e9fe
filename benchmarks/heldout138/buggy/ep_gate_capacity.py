"""moe_lite/strategies/ep_gates.py -- expert-parallel gates: the router logits of the local
experts are regathered over the expert shards (kept reduced, the backward pass sums them),
and the capacity plugin scales the gates by the capacity factor of the run.
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


EP_DEFAULTS = RunConfig(strategy="ep_gates", mesh_shape=(4, 2),
                        mesh_axes=(MeshAxis.DATA, MeshAxis.EXPERT),
                        options={"capacity_factor": "1.25"})


class CapacityPlugin:
    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        CAPACITY[cls.kind] = cls

    kind = "base"

    def __init__(self, factor: float):
        self.factor = factor


CAPACITY = {}


class Scaled(CapacityPlugin):
    kind = "scaled"

    def apply(self, gates):
        return gates * self.factor


class Passthrough(CapacityPlugin):
    kind = "passthrough"

    def apply(self, gates):
        return gates


@register("ep_gates")
class ExpertParallelGates(ParallelStrategy):
    batch = MeshAxis.DATA
    expert = MeshAxis.EXPERT

    def __init__(self, mesh, capacity: CapacityPlugin, **options):
        super().__init__(mesh, **options)
        self.capacity = capacity

    def in_specs(self):
        return (P(self.batch.value, None), P(None, self.expert.value))

    def out_specs(self):
        return P(self.batch.value, None, reduced={self.expert.value})

    def body(self, x, w_router):
        local_logits = x @ w_router
        gates = jax.lax.all_gather(jnp.exp(local_logits), self.expert.value, axis=1, tiled=True,
                                   to="reduced")
        return self.capacity.apply(gates)


def inputs():
    rng = np.random.default_rng(35)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    w_router = (0.3 * rng.normal(size=(8, 4))).astype(np.float32)
    return ["--strategy=ep_gates", "--capacity=scaled"], x, w_router


def main(argv, x, w_router):
    cfg = parse_argv(argv, EP_DEFAULTS)
    mesh = build_mesh(cfg)
    plugin = CAPACITY[cfg.options.get("capacity", "passthrough")](float(cfg.options["capacity_factor"]))
    strat = get_strategy(cfg.strategy, mesh=mesh, capacity=plugin)
    gates = strat.run(x, w_router)
    print("gates", gates.shape)
    return gates


if __name__ == "__main__":
    main(*inputs())
