"""Export of predicted frames: an ExportSpec normalised in __post_init__ from the TOML dims."""
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
head_major = false
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


from jax._src.shard_map import top_level_all_gather


@dataclass(frozen=True)
class ExportSpec:
    dims: tuple[str | None, ...]
    _: KW_ONLY
    mesh_axes: tuple[str, ...]
    reduced: frozenset[str] = frozenset()

    def __post_init__(self):
        dims = tuple(d or None for d in self.dims)
        object.__setattr__(self, "dims", dims)
        if not self.reduced:
            object.__setattr__(self, "reduced", frozenset(a for a in self.mesh_axes if a not in dims))

    @property
    def spec(self) -> P:
        return P(*self.dims, reduced=set(self.reduced))


def predict_frames(pair, wq, wo):
    lay = TRUNK.layout
    _, out = jax.shard_map(partial(trunk_block, lay=lay), mesh=jax.sharding.get_abstract_mesh(),
                           in_specs=TRUNK.specs, out_specs=(P(lay.batch, lay.model), P(lay.batch, None)))(pair, wq, wo)
    return jnp.tanh(out[:, :4])


def main(pair, wq, wo):
    mesh = build_mesh(CONFIG["mesh"])
    lay = TRUNK.layout
    frames_sharding = NamedSharding(mesh, P(lay.batch, lay.model))
    match CONFIG["export"]:
        case {"head_major": True}:
            dims = (lay.model, "")
        case {"dims": [*dims]}:
            pass
    export = ExportSpec(dims, mesh_axes=lay.axes)
    with jax.set_mesh(mesh):
        args = placed(mesh, pair, wq, wo)
        frames = jax.jit(predict_frames, out_shardings=frames_sharding)(*args)
        written = top_level_all_gather(frames, export.spec)
    print("frames", written.shape)
    return written


if __name__ == "__main__":
    main(*inputs())
