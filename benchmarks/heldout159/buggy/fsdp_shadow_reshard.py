"""train/fsdp/shadow.py: EMA shadow weights for an FSDP model, kept full and resharded for eval."""
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
lr = 0.05

[ema]
decay = 0.9
reshard = "scatter"
"""


class Reshard(enum.StrEnum):
    SLICE = enum.auto()
    SCATTER = enum.auto()


@dataclasses.dataclass(slots=True, kw_only=True, frozen=True)
class Ema:
    decay: float
    reshard: Reshard


def to_shards(full, how: Reshard, n: int):
    match how:
        case Reshard.SLICE:
            rows = full.shape[0] // n
            return jax.lax.dynamic_slice_in_dim(full, jax.lax.axis_index(Axis.FSDP) * rows, rows)
        case Reshard.SCATTER:
            return jax.lax.psum_scatter(full, Axis.FSDP, scatter_dimension=0, tiled=True) / n


def make_step(cfg: RunCfg, ema: Ema):
    n = cfg.shape[cfg.axes.index(Axis.FSDP)]

    def step(w, shadow, x):
        h = jnp.tanh(x @ jax.lax.all_gather(w, Axis.FSDP, axis=0, tiled=True))
        g = jax.lax.psum_scatter(x.T @ (1.0 - h * h), Axis.FSDP, scatter_dimension=0, tiled=True)
        w = w - cfg.lr * g
        mixed = ema.decay * shadow + (1.0 - ema.decay) * w
        full = jax.lax.all_gather(mixed, Axis.FSDP, axis=0, tiled=True, to=To.REDUCED)
        return w, to_shards(full, ema.reshard, n)
    return step


def inputs():
    rng = np.random.default_rng(14)
    w = rng.normal(size=(8, 4)) * 0.3
    return CONFIG, w, w.copy(), rng.normal(size=(8, 8))


def main(text, w, shadow, x):
    cfg = validated(RunCfg.from_toml(text))
    ema = Ema(**{k: (Reshard(v) if k == "reshard" else v) for k, v in tomllib.loads(text)["ema"].items()})
    mesh = mesh_for(cfg.axes, cfg.shape)
    wspec = layout("grid", cfg.axes)
    step = jax.jit(jax.shard_map(make_step(cfg, ema), mesh=mesh,
                                 in_specs=(wspec, layout("grid", cfg.axes), P(Axis.FSDP, None)),
                                 out_specs=(wspec, layout("grid", cfg.axes))))
    wd = place(mesh, w, wspec)
    sd = place(mesh, shadow, layout("grid", cfg.axes))
    xd = place(mesh, x, P(Axis.FSDP, None))
    for _ in range(cfg.steps):
        wd, sd = step(wd, sd, xd)
    print("shadow", sd.shape, float(jnp.mean(sd)))


if __name__ == "__main__":
    main(*inputs())
