"""trainer/dp/eval_report.py: evaluation pass that reports per-replica and per-shard losses."""
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

[report]
views = ["replica", "summary"]
"""


class View(enum.StrEnum):
    REPLICA = enum.auto()
    SUMMARY = enum.auto()


def report(loss, view: View):
    match view:
        case View.REPLICA:
            as_rows = jax.lax.pcast(loss, Axis.MODEL, to=To.VARYING)
            return jax.lax.all_gather(as_rows, Axis.MODEL, tiled=True, to=To.REDUCED)
        case View.SUMMARY:
            return jax.lax.all_gather(loss, Axis.DATA, tiled=True, to=To.INVARYING)


def out_spec(view: View) -> P:
    match view:
        case View.REPLICA:
            return P(Axis.DATA, reduced={Axis.MODEL})
        case View.SUMMARY:
            return P(None)


def make_eval(views: tuple[View, ...]):
    def evaluate(w, x, y):
        pred = jax.lax.psum(jnp.tanh(x @ w), Axis.MODEL)
        loss = jnp.mean((pred - y) ** 2, axis=-1)
        return tuple(report(loss, v) for v in views)
    return evaluate


def inputs():
    rng = np.random.default_rng(30)
    return CONFIG, rng.normal(size=(16, 4)) * 0.3, rng.normal(size=(8, 16)), rng.normal(size=(8, 4))


def main(text, w, x, y):
    cfg = validated(RunCfg.from_toml(text))
    views = tuple(View(v) for v in tomllib.loads(text)["report"]["views"])
    mesh = mesh_for(cfg.axes, cfg.shape)
    fn = jax.jit(jax.shard_map(make_eval(views), mesh=mesh,
                               in_specs=(P(Axis.MODEL, None), layout("grid", cfg.axes), layout("rows", cfg.axes)),
                               out_specs=tuple(out_spec(v) for v in views)))
    for v, r in zip(views, fn(place(mesh, w, P(Axis.MODEL, None)), place(mesh, x, layout("grid", cfg.axes)),
                              place(mesh, y, layout("rows", cfg.axes)))):
        print(v, r.shape)


if __name__ == "__main__":
    main(*inputs())
