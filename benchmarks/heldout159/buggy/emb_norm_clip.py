"""recsys/embedding/max_norm.py: max-norm clipping of a row-sharded embedding table after each update."""
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
axes = ["data", "model"]
shape = [4, 2]

[clip]
max_norm = 1.5
scope = "table"
"""


class Scope(enum.StrEnum):
    ROW = enum.auto()
    TABLE = enum.auto()


def clip_scale(table, max_norm: float, scope: Scope):
    match scope:
        case Scope.ROW:
            norms = jnp.sum(table * table, axis=-1, keepdims=True)
        case Scope.TABLE:
            full = jax.lax.all_gather(table, Axis.MODEL, axis=0, tiled=True, to=To.REDUCED)
            norms = jax.lax.pmax(jnp.sum(full * full), Axis.MODEL)
    return jnp.minimum(1.0, max_norm / jnp.sqrt(norms + 1e-6))


def make_update(max_norm: float, scope: Scope):
    def update(table, grad):
        table = table - 0.1 * jax.lax.pmean(grad, Axis.DATA)
        return table * clip_scale(table, max_norm, scope)
    return update


def inputs():
    rng = np.random.default_rng(42)
    return CONFIG, rng.normal(size=(8, 4)), rng.normal(size=(32, 4))


def main(text, table, grad):
    cfg = validated(RunCfg.from_toml(text))
    match tomllib.loads(text)["clip"]:
        case {"max_norm": float(m), "scope": str(s)}:
            max_norm, scope = m, Scope(s)
        case {"max_norm": float(m)}:
            max_norm, scope = m, Scope.ROW
    mesh = mesh_for(cfg.axes, cfg.shape)
    tspec = P(Axis.MODEL, None)
    fn = jax.jit(jax.shard_map(make_update(max_norm, scope), mesh=mesh,
                               in_specs=(tspec, P((Axis.DATA, Axis.MODEL), None)), out_specs=tspec))
    new = fn(place(mesh, table, tspec), place(mesh, grad, P((Axis.DATA, Axis.MODEL), None)))
    print("max row norm", float(jnp.max(jnp.linalg.norm(new, axis=-1))))


if __name__ == "__main__":
    main(*inputs())
