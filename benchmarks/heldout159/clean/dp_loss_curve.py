"""trainer/dp/loss_curve.py: data x model parallel MLP regressor that keeps a per-example loss curve."""
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

[run]
steps = 3
lr = 0.1

[log]
curve_axis = "data"
"""


@dataclasses.dataclass(slots=True, kw_only=True, frozen=True)
class LogSpec:
    curve_axis: Axis
    to: To = To.REDUCED


def log_spec(text: str) -> LogSpec:
    match tomllib.loads(text):
        case {"log": {"curve_axis": str(name), **extra}}:
            return LogSpec(curve_axis=Axis(name), to=To(extra.get("to", "reduced")))
        case _:
            return LogSpec(curve_axis=Axis.DATA)


def make_step(cfg: RunCfg, log: LogSpec):
    def step(w1, w2, x, y):
        h = jnp.tanh(x @ w1)
        pred = jax.lax.psum(h @ w2, Axis.MODEL)
        loss = jnp.mean((pred - y) ** 2, axis=-1)
        dpred = 2.0 * (pred - y) / y.shape[-1]
        g2 = h.T @ dpred
        g1 = x.T @ ((dpred @ w2.T) * (1.0 - h * h))
        w1 = w1 - cfg.lr * jax.lax.pmean(g1, Axis.DATA)
        w2 = w2 - cfg.lr * jax.lax.pmean(g2, Axis.DATA)
        curve = jax.lax.all_gather(loss, log.curve_axis, tiled=True, to=log.to)
        return w1, w2, curve
    return step


def train(cfg: RunCfg, log: LogSpec, w1, w2, x, y):
    mesh = mesh_for(cfg.axes, cfg.shape)
    step = jax.jit(jax.shard_map(
        make_step(cfg, log), mesh=mesh,
        in_specs=(layout("cols", cfg.axes), P(Axis.MODEL, None),
                  layout("rows", cfg.axes), layout("rows", cfg.axes)),
        out_specs=(layout("cols", cfg.axes), P(Axis.MODEL, None), P(None, reduced={log.curve_axis}))))
    w1, w2 = place(mesh, w1, layout("cols", cfg.axes)), place(mesh, w2, P(Axis.MODEL, None))
    x, y = place(mesh, x, layout("rows", cfg.axes)), place(mesh, y, layout("rows", cfg.axes))
    curves = []
    for _ in range(cfg.steps):
        w1, w2, curve = step(w1, w2, x, y)
        curves.append(curve)
    return w1, w2, curves


def inputs():
    rng = np.random.default_rng(0)
    return (CONFIG, rng.normal(size=(16, 32)) * 0.1, rng.normal(size=(32, 8)) * 0.1,
            rng.normal(size=(8, 16)), rng.normal(size=(8, 8)))


def main(text, w1, w2, x, y):
    cfg = validated(RunCfg.from_toml(text))
    _, _, curves = train(cfg, log_spec(text), w1, w2, x, y)
    print("loss per step:", [float(jnp.mean(c)) for c in curves])


if __name__ == "__main__":
    main(*inputs())
