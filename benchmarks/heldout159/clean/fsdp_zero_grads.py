"""train/fsdp/zero.py: ZeRO-style reduce-scatter of every gradient over the whole mesh."""
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
axes = ["fsdp", "model"]
shape = [4, 2]

[run]
steps = 2
lr = 0.1

[zero]
stage = 1
"""


class Group(enum.StrEnum):
    FSDP = enum.auto()
    WORLD = enum.auto()


def scatter_group(stage: int, axes: tuple[Axis, ...]) -> tuple[Axis, ...]:
    match stage:
        case 1:
            return (Axis.FSDP,)
        case 2 | 3:
            return axes
        case _:
            raise ValueError(f"ZeRO stage {stage}")


def make_step(cfg: RunCfg, group: tuple[Axis, ...]):
    def step(w, b, x, y):
        err = jax.lax.psum(x @ w, Axis.MODEL) + b - y
        gw = x.T @ err
        gb = jnp.sum(err, axis=0)
        mine = jax.lax.psum_scatter(gb, group, scatter_dimension=0, tiled=True)
        b_mine = jax.lax.dynamic_slice_in_dim(b, jax.lax.axis_index(group) * mine.shape[0], mine.shape[0])
        new_b = jax.lax.all_gather(b_mine - cfg.lr * mine, group, tiled=True, to=To.INVARYING)
        return w - cfg.lr * jax.lax.pmean(gw, Axis.FSDP), new_b
    return step


def inputs():
    rng = np.random.default_rng(16)
    return (CONFIG, rng.normal(size=(8, 8)) * 0.3, np.zeros(8),
            rng.normal(size=(16, 8)), rng.normal(size=(16, 8)))


def main(text, w, b, x, y):
    cfg = validated(RunCfg.from_toml(text))
    group = scatter_group(tomllib.loads(text)["zero"]["stage"], cfg.axes)
    mesh = mesh_for(cfg.axes, cfg.shape)
    specs = (P(Axis.MODEL, None), P(None))
    step = jax.jit(jax.shard_map(make_step(cfg, group), mesh=mesh,
                                 in_specs=(*specs, layout("grid", cfg.axes), P(Axis.FSDP, None)),
                                 out_specs=specs))
    wd, bd = place(mesh, w, specs[0]), place(mesh, b, specs[1])
    xd, yd = place(mesh, x, layout("grid", cfg.axes)), place(mesh, y, P(Axis.FSDP, None))
    for _ in range(cfg.steps):
        wd, bd = step(wd, bd, xd, yd)
    print("bias", np.asarray(bd).round(3))


if __name__ == "__main__":
    main(*inputs())
