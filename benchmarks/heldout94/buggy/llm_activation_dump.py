"""Activation probe: the full hidden layer is assembled, then dumped over every configured role."""
from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import enum
import functools
import itertools
import tomllib
from dataclasses import KW_ONLY, dataclass, field
from functools import cached_property, partial, singledispatch
from typing import Any, NamedTuple, Protocol, runtime_checkable

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- meshkit: the lab's small layout helpers (shared by every experiment script) -----------------


class Layout(NamedTuple):
    """Which mesh axis plays which role; `_replace` it to try another assignment."""

    batch: str
    model: str

    @property
    def axes(self) -> tuple[str, ...]:
        return tuple(self)


ACTIVE_LAYOUT: contextvars.ContextVar[Layout] = contextvars.ContextVar("active_layout")


@contextlib.contextmanager
def active(layout: Layout):
    token = ACTIVE_LAYOUT.set(layout)
    try:
        yield layout
    finally:
        ACTIVE_LAYOUT.reset(token)


class GatherTo(enum.StrEnum):
    VARYING = "varying"
    REDUCED = "reduced"
    INVARYING = "invarying"


def as_axes(value: str | list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Config converter: "a,b" / ["a", "b"] / ("a",) -> a tuple of axis names."""
    match value:
        case str() if "," in value:
            return tuple(part.strip() for part in value.split(","))
        case str():
            return (value,)
        case [*names]:
            return tuple(names)
    raise TypeError(f"cannot read axes from {value!r}")


def build_mesh(cfg: dict[str, Any]) -> jax.sharding.Mesh:
    match cfg:
        case {"shape": [int(a), int(b)], "axes": [str(x), str(y)]}:
            return jax.make_mesh((a, b), (x, y))
        case {"shape": shape, "axes": names}:
            return jax.make_mesh(tuple(shape), tuple(names))
    raise ValueError(f"bad mesh config {cfg!r}")


def place(mesh, array, spec: P):
    return jax.device_put(array, NamedSharding(mesh, spec))


# --- LLM pretraining: Megatron MLP block, strategies as small classes dispatched by type ---------

ROLES = ("data", "tensor")
AXIS = {role: f"{role}_axis" for role in ROLES}

CONFIG = tomllib.loads("""
[model]
vocab = 32
d_model = 8
d_ff = 16
batch = 16

[mesh]
shape = [4, 2]

[strategy]
kind = "hybrid"
temperature = 0.7

[logging]
per_shard = true
""")


@dataclass(frozen=True)
class DataParallel:
    axis: str


@dataclass(frozen=True)
class TensorParallel:
    axis: str


@dataclass(frozen=True)
class Hybrid:
    axes: tuple[str, ...]
    _: KW_ONLY
    microbatches: int = 1

    def __post_init__(self):
        object.__setattr__(self, "axes", tuple(self.axes))

    @property
    def data(self) -> str:
        return self.axes[0]

    @property
    def tensor(self) -> str:
        return self.axes[-1]


def strategy_from(cfg: dict[str, Any]):
    match cfg:
        case {"kind": "dp"}:
            return DataParallel(AXIS["data"])
        case {"kind": "tp"}:
            return TensorParallel(AXIS["tensor"])
        case {"kind": "hybrid", **rest}:
            return Hybrid([AXIS[r] for r in ROLES], microbatches=rest.get("microbatches", 1))
    raise ValueError(cfg)


STRATEGY = strategy_from(CONFIG["strategy"])
MODEL = CONFIG["model"]
X_SPEC = P(AXIS["data"], None)
W_SPECS = {"w_in": P(None, AXIS["tensor"]), "w_out": P(AXIS["tensor"], None)}


def inputs():
    rng = np.random.default_rng(3)
    m = MODEL
    x = rng.standard_normal((m["batch"], m["d_model"])).astype(np.float32)
    params = {
        "w_in": (rng.standard_normal((m["d_model"], m["d_ff"])) / 3).astype(np.float32),
        "w_out": (rng.standard_normal((m["d_ff"], m["d_model"])) / 4).astype(np.float32),
    }
    return x, params


def mlp(x, params):
    """Column-parallel in, row-parallel out: the output is summed over the tensor axis."""
    h = jax.nn.gelu(x @ params["w_in"])
    return h, jax.lax.psum(h @ params["w_out"], AXIS["tensor"])


def make_mesh():
    return jax.make_mesh(tuple(CONFIG["mesh"]["shape"]), tuple(AXIS[r] for r in ROLES))


def place_all(mesh, x, params):
    return place(mesh, x, X_SPEC), {k: place(mesh, v, W_SPECS[k]) for k, v in params.items()}


PROBE_ROLES = ("data", "tensor", "pipeline")


def probe(x, params):
    h, _ = mlp(x, params)
    wide = jax.lax.all_gather(h, AXIS["tensor"], axis=1, tiled=True, to="reduced")
    axes = tuple(ax for role in PROBE_ROLES if (ax := AXIS.get(role)))
    return jax.lax.all_gather(wide, axes, axis=0, tiled=True, to="reduced")


def main(x, params):
    mesh = make_mesh()
    with jax.set_mesh(mesh):
        xs, ps = place_all(mesh, x, params)
        acts = jax.shard_map(probe, mesh=mesh, in_specs=(X_SPEC, W_SPECS),
                             out_specs=P(None, None, reduced=set(AXIS.values())))(xs, ps)
    print("activations", acts.shape)
    return acts


if __name__ == "__main__":
    main(*inputs())
