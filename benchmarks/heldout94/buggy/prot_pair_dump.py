"""Dump of the full hidden pair activations for a probe, target chosen by type with singledispatch."""
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


# --- protein trunk: pair-representation block, heads split over the model axis -----------------

CONFIG = tomllib.loads("""
[mesh]
shape = [4, 2]
axes = ["res", "heads"]

[trunk]
n_res = 16
d_pair = 8
n_heads = 4
d_head = 2

[parallel]
kind = "tp"
axes = ["res", "heads"]

[heads]
pool = "max"
distogram = "reduced"
log = { per = "residue" }

[export]
dims = ["res", ""]
head_major = true
""")


@dataclass(frozen=True)
class TrunkConfig:
    n_res: int
    d_pair: int
    n_heads: int
    d_head: int
    _: KW_ONLY
    layout: Layout = Layout("res", "heads")

    def __post_init__(self):
        if self.n_heads % 2:
            raise ValueError("the heads are split over a model axis of size 2")

    @cached_property
    def specs(self) -> tuple[P, P, P]:
        lay = self.layout
        return P(lay.batch, None), P(None, lay.model), P(lay.model, None)


def layout_from(cfg: dict[str, Any]) -> Layout:
    match cfg:
        case {"kind": "tp", "axes": [res, heads]}:
            return Layout(batch=res, model=heads)
        case {"kind": "dp", "axes": [*axes]}:
            return Layout(batch=axes[0], model=axes[-1])
    raise ValueError(f"unknown parallel config {cfg!r}")


TRUNK = TrunkConfig(**CONFIG["trunk"], layout=layout_from(CONFIG["parallel"]))


def inputs():
    rng = np.random.default_rng(7)
    t = TRUNK
    pair = rng.standard_normal((t.n_res, t.d_pair)).astype(np.float32)
    wq = (rng.standard_normal((t.d_pair, t.n_heads * t.d_head)) / 3).astype(np.float32)
    wo = (rng.standard_normal((t.n_heads * t.d_head, t.d_pair)) / 3).astype(np.float32)
    return pair, wq, wo


def trunk_block(pair, wq, wo, lay: Layout):
    """Column-parallel gelu block over the local heads, row-parallel output summed over heads."""
    h = jax.nn.gelu(pair @ wq)
    update = jax.lax.psum(h @ wo, lay.model)
    return h, pair + update


def placed(mesh, pair, wq, wo):
    return tuple(place(mesh, a, s) for a, s in zip((pair, wq, wo), TRUNK.specs))


@singledispatch
def dump_gather(target, x):
    raise TypeError(f"no dump for {type(target).__name__}")


@dump_gather.register
def _(target: str, x):
    return jax.lax.all_gather(x, target, axis=0, tiled=True, to="reduced")


@dump_gather.register
def _(target: tuple, x):
    return jax.lax.all_gather(x, target, axis=0, tiled=True, to="reduced")


def probe_block(pair, wq, wo, *, lay: Layout):
    h, _ = trunk_block(pair, wq, wo, lay)
    all_heads = jax.lax.all_gather(h, lay.model, axis=1, tiled=True, to="reduced")
    return dump_gather(lay.axes, all_heads)


def main(pair, wq, wo):
    mesh = build_mesh(CONFIG["mesh"])
    lay = TRUNK.layout
    with jax.set_mesh(mesh):
        args = placed(mesh, pair, wq, wo)
        dumped = jax.shard_map(partial(probe_block, lay=lay), mesh=mesh, in_specs=TRUNK.specs,
                               out_specs=P(None, None, reduced=set(lay.axes)))(*args)
    print("probe dump", dumped.shape)
    return dumped


if __name__ == "__main__":
    main(*inputs())
