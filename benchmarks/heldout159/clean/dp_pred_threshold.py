"""serving/dp/threshold.py: batch scoring with a calibrated decision threshold on a data x model mesh."""
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
shape = [2, 4]

[decide]
threshold = 0.25
collect = "data"
"""


@dataclasses.dataclass(slots=True, kw_only=True, frozen=True)
class Decision:
    threshold: float
    collect: Axis | None = None

    @classmethod
    def parse(cls, text: str) -> Self:
        match tomllib.loads(text):
            case {"decide": {"threshold": float(t), "collect": str(a)}}:
                return cls(threshold=t, collect=Axis(a))
            case {"decide": {"threshold": float(t)}}:
                return cls(threshold=t)
            case _:
                return cls(threshold=0.5)


def gather_scores(s, d: Decision):
    match d:
        case Decision(collect=None):
            return s
        case Decision(collect=axis):
            return jax.lax.all_gather(s, axis, axis=0, tiled=True, to=To.REDUCED)


def make_scorer(d: Decision):
    def score(w, x):
        s = jnp.tanh(jax.lax.psum(x @ w, Axis.MODEL))
        hit = (s > d.threshold).astype(jnp.float32)
        return gather_scores(hit, d)
    return score


def inputs():
    rng = np.random.default_rng(5)
    return CONFIG, rng.normal(size=(16, 3)) * 0.5, rng.normal(size=(8, 16))


def main(text, w, x):
    cfg = validated(RunCfg.from_toml(text))
    d = Decision.parse(text)
    mesh = mesh_for(cfg.axes, cfg.shape)
    out = P(None, None, reduced={d.collect}) if d.collect else P(Axis.DATA, None)
    fn = jax.jit(jax.shard_map(make_scorer(d), mesh=mesh,
                               in_specs=(P(Axis.MODEL, None), layout("grid", cfg.axes)), out_specs=out))
    hits = fn(place(mesh, w, P(Axis.MODEL, None)), place(mesh, x, layout("grid", cfg.axes)))
    print("positives:", int(jnp.sum(hits)))


if __name__ == "__main__":
    main(*inputs())
