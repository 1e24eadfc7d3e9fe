"""models/seqpar/rope.py: position features for a sequence-parallel encoder, built from gathered positions."""
# ---- modern_lite: shared helpers (pasted from infra/modern_lite.py, keep in sync) ----
import dataclasses
import enum
import functools
import itertools
import math
import tomllib
from typing import NotRequired, Self, TypedDict

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


class Axis(enum.StrEnum):
    DATA = enum.auto()
    MODEL = enum.auto()
    EXPERT = enum.auto()
    FSDP = enum.auto()
    SEQ = enum.auto()


class To(enum.StrEnum):
    VARYING = enum.auto()
    REDUCED = enum.auto()
    INVARYING = enum.auto()


class MeshTable(TypedDict):
    axes: list[str]
    shape: list[int]
    note: NotRequired[str]


@dataclasses.dataclass(slots=True, kw_only=True, frozen=True)
class RunCfg:
    axes: tuple[Axis, ...]
    shape: tuple[int, ...]
    steps: int = 2
    lr: float = 0.05

    @classmethod
    def from_toml(cls, text: str) -> Self:
        match tomllib.loads(text):
            case {"mesh": {"axes": list(axes), "shape": list(shape)}, **rest}:
                run = {k: v for k, v in rest.get("run", {}).items() if k in {"steps", "lr"}}
                return cls(axes=tuple(map(Axis, axes)), shape=tuple(shape), **run)
            case other:
                raise ValueError(f"no [mesh] table in {other!r}")

    def but(self, **changes) -> Self:
        return dataclasses.replace(self, **changes)


def _problems(cfg: RunCfg, n_devices: int) -> list[Exception]:
    found: list[Exception] = []
    if len(cfg.axes) != len(cfg.shape):
        found.append(ValueError(f"{len(cfg.axes)} axes but shape {cfg.shape}"))
    if (want := math.prod(cfg.shape)) != n_devices:
        found.append(ValueError(f"mesh needs {want} devices, found {n_devices}"))
    if len(set(cfg.axes)) != len(cfg.axes):
        found.append(KeyError("an axis is named twice"))
    return found


def validated(cfg: RunCfg) -> RunCfg:
    try:
        if errs := _problems(cfg, jax.device_count()):
            raise ExceptionGroup("bad run config", errs)
    except* ValueError as group:
        for err in group.exceptions:
            print("config:", err)
        raise
    except* KeyError:
        raise
    return cfg


@functools.cache
def mesh_for(axes: tuple[Axis, ...], shape: tuple[int, ...]) -> jax.sharding.Mesh:
    return jax.make_mesh(shape, axes)


def ring(n: int, *, reverse: bool = False) -> list[tuple[int, int]]:
    order = [*range(n), 0]
    return [(b, a) if reverse else (a, b) for a, b in itertools.pairwise(order)]


def chunked(items, size: int):
    it = iter(items)
    while batch := tuple(itertools.islice(it, size)):
        yield batch


def layout(kind: str, axes: tuple[Axis, ...]) -> P:
    match kind, axes:
        case "replicated", _:
            return P()
        case "rows", (first, *_):
            return P(first, None)
        case "cols", (_, second, *_):
            return P(None, second)
        case "grid", (first, second, *_):
            return P(first, second)
        case "flat", _:
            return P(axes, None)
        case _:
            raise KeyError(f"unknown layout {kind!r} for {axes}")


def place(mesh, value, spec: P):
    return jax.device_put(np.asarray(value, np.float32), NamedSharding(mesh, spec))
# ---- end modern_lite ----

CONFIG = """
[mesh]
axes = ["data", "seq"]
shape = [2, 4]

[rope]
base = 100.0
positions = "reduced"
"""


@dataclasses.dataclass(slots=True, kw_only=True, frozen=True)
class Rope:
    base: float
    positions: To
    dims: int = 4

    @functools.cache
    def inv_freq(self) -> np.ndarray:
        return (1.0 / self.base ** (np.arange(self.dims) / self.dims)).astype(np.float32)


def rope_from(text: str) -> Rope:
    match tomllib.loads(text)["rope"]:
        case {"base": float(b), "positions": str(p)}:
            return Rope(base=b, positions=To(p))
        case {"base": float(b)}:
            return Rope(base=b, positions=To.VARYING)


def make_features(rope: Rope):
    def features(pos):
        every = jax.lax.all_gather(pos, Axis.SEQ, axis=1, tiled=True, to=rope.positions)
        angles = every[..., None] * rope.inv_freq()
        return jnp.sin(angles), jnp.cos(angles)
    return features


def inputs():
    return CONFIG, np.tile(np.arange(16, dtype=np.float32), (4, 1))


def main(text, pos):
    cfg = validated(RunCfg.from_toml(text))
    rope = rope_from(text)
    mesh = mesh_for(cfg.axes, cfg.shape)
    red = {Axis.SEQ} if rope.positions == To.REDUCED else set()
    out = P(Axis.DATA, None, None, reduced=red)
    fn = jax.jit(jax.shard_map(make_features(rope), mesh=mesh, in_specs=P(Axis.DATA, Axis.SEQ),
                               out_specs=(out, out)))
    sin, cos = fn(place(mesh, pos, P(Axis.DATA, Axis.SEQ)))
    print("rope", sin.shape, float(jnp.sum(sin * sin + cos * cos)))


if __name__ == "__main__":
    main(*inputs())
