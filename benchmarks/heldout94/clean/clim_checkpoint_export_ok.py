"""Emulator rollout with an optional checkpoint, enabled by a Diag flag set on the command line."""
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


# --- climate emulator: column physics over levels (model axis), latitude bands over data -------

_MISSING = dataclasses.MISSING


def attr(*, default=_MISSING, converter=None, validator=None):
    """attrs-style field: converter and validator run after __init__."""
    return field(default=default, metadata={"converter": converter, "validator": validator})


def define(cls):
    """A small stand-in for attrs.define(frozen=True) with converters and validators."""
    cls = dataclass(frozen=True)(cls)
    init = cls.__init__

    def __init__(self, *args, **kwargs):
        init(self, *args, **kwargs)
        for f in dataclasses.fields(self):
            if (conv := f.metadata.get("converter")) is not None:
                object.__setattr__(self, f.name, conv(getattr(self, f.name)))
            if (check := f.metadata.get("validator")) is not None:
                check(self, f, getattr(self, f.name))

    cls.__init__ = __init__
    return cls


def one_of(*allowed):
    def check(inst, f, value):
        bad = [v for v in (value if isinstance(value, tuple) else (value,)) if v not in allowed]
        if bad:
            raise ValueError(f"{type(inst).__name__}.{f.name}: {bad} not in {allowed}")
    return check


MESH_AXES = ("lat", "lev")

CONFIG = tomllib.loads("""
[grid]
n_lat = 16
n_lev = 4
mesh = { shape = [4, 2], axes = ["lat", "lev"] }

[emulator]
data_axis = "lat"
column_axis = "lev"
variables = ["t2m", "u10", "z500"]

[diagnostics]
enabled = ["global_mean", "levels"]
axis = " lev "
dump_axes = "lat,lev"
extremes_of = "t2m"
""")


class Var(enum.StrEnum):
    T2M = "t2m"
    U10 = "u10"
    Z500 = "z500"


class Diag(enum.Flag):
    NONE = 0
    GLOBAL_MEAN = enum.auto()
    LEVELS = enum.auto()
    CHECKPOINT = enum.auto()

    @classmethod
    def parse(cls, names) -> "Diag":
        return functools.reduce(lambda acc, n: acc | cls[n.upper()], names, cls.NONE)


@define
class Emulator:
    data_axis: str = attr(converter=str.strip, validator=one_of(*MESH_AXES))
    column_axis: str = attr(converter=str.strip, validator=one_of(*MESH_AXES))
    variables: tuple[Var, ...] = attr(default=(), converter=lambda vs: tuple(map(Var, vs)))

    @property
    def state_spec(self) -> P:
        return P(self.data_axis, self.column_axis)

    @property
    def mix_spec(self) -> P:
        return P(self.column_axis, None)


EMU = Emulator(**CONFIG["emulator"])


@dataclass
class Grid:
    n_lat: int
    n_lev: int
    mesh: dict[str, Any]

    @cached_property
    def lat(self) -> np.ndarray:
        return np.linspace(-80.0, 80.0, self.n_lat, dtype=np.float32)

    @cached_property
    def area_weights(self) -> np.ndarray:
        w = np.cos(np.deg2rad(self.lat))
        return (w / w.mean()).astype(np.float32)


GRID = Grid(**CONFIG["grid"])


def inputs():
    rng = np.random.default_rng(11)
    state = (280.0 + rng.standard_normal((GRID.n_lat, GRID.n_lev))).astype(np.float32)
    mix = (np.eye(GRID.n_lev) + 0.1 * rng.standard_normal((GRID.n_lev, GRID.n_lev))).astype(np.float32)
    return state, mix


def column_step(state, mix, emu: Emulator = EMU):
    """Vertical mixing, row-parallel over the local levels: the tendency is summed over levels."""
    anomaly = state - 280.0
    tendency = jax.lax.psum(anomaly @ mix, emu.column_axis)
    return anomaly, tendency


def placed(mesh, state, mix, emu: Emulator = EMU):
    return place(mesh, state, emu.state_spec), place(mesh, mix, emu.mix_spec)


from jax._src.shard_map import top_level_all_gather


def rollout(state, mix, steps: int = 3):
    def step(s, _):
        _, tend = column_step(s, mix)
        width = s.shape[1]
        local = jax.lax.dynamic_slice_in_dim(tend, jax.lax.axis_index(EMU.column_axis) * width, width, axis=1)
        return s + 0.01 * local, None
    return jax.lax.scan(step, state, None, length=steps)[0]


def save_checkpoint(state):
    return top_level_all_gather(state, P(EMU.data_axis, None, reduced={EMU.column_axis}))


def main(state, mix, opts: Diag = Diag.GLOBAL_MEAN | Diag.CHECKPOINT):
    mesh = build_mesh(GRID.mesh)
    with jax.set_mesh(mesh):
        run = jax.jit(jax.shard_map(rollout, mesh=mesh, in_specs=(EMU.state_spec, EMU.mix_spec),
                                    out_specs=EMU.state_spec),
                      out_shardings=NamedSharding(mesh, EMU.state_spec))
        final = run(*placed(mesh, state, mix))
        if Diag.GLOBAL_MEAN in opts:
            print("global mean", float(final.mean()))
        if Diag.CHECKPOINT in opts:
            final = save_checkpoint(final)
    return final


if __name__ == "__main__":
    main(*inputs())
