"""trainer/dp/grad_sync.py: per-parameter gradient synchronisation rules for a data x model parallel MLP."""
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
steps = 2
lr = 0.1

[sync]
w1 = "data"
w2 = "data"
b2 = "all"
"""


class Sync(enum.StrEnum):
    DATA = enum.auto()
    ALL = enum.auto()
    NONE = enum.auto()


class Grads(TypedDict):
    w1: jax.Array
    w2: jax.Array
    b2: jax.Array


def sync_axes(rule: Sync, axes: tuple[Axis, ...]) -> tuple[Axis, ...] | Axis | None:
    match rule:
        case Sync.DATA:
            return Axis.DATA
        case Sync.ALL:
            return axes
        case Sync.NONE:
            return None


def synced(grads: Grads, rules: dict[str, Sync], axes: tuple[Axis, ...]) -> Grads:
    out = {}
    for name, g in grads.items():
        match sync_axes(rules[name], axes):
            case None:
                out[name] = g
            case over:
                out[name] = jax.lax.pmean(g, over)
    return Grads(**out)


def make_step(cfg: RunCfg, rules: dict[str, Sync]):
    def step(w1, w2, b2, x, y):
        h = jnp.tanh(x @ w1)
        err = jax.lax.psum(h @ w2, Axis.MODEL) + b2 - y
        grads = Grads(w1=x.T @ ((err @ w2.T) * (1.0 - h * h)), w2=h.T @ err, b2=jnp.sum(err, axis=0))
        g = synced(grads, rules, cfg.axes)
        return w1 - cfg.lr * g["w1"], w2 - cfg.lr * g["w2"], b2 - cfg.lr * g["b2"]
    return step


def inputs():
    rng = np.random.default_rng(4)
    return (CONFIG, rng.normal(size=(12, 16)) * 0.2, rng.normal(size=(16, 4)) * 0.2, np.zeros(4),
            rng.normal(size=(8, 12)), rng.normal(size=(8, 4)))


def main(text, w1, w2, b2, x, y):
    cfg = validated(RunCfg.from_toml(text))
    rules = {k: Sync(v) for k, v in tomllib.loads(text)["sync"].items()}
    mesh = mesh_for(cfg.axes, cfg.shape)
    specs = (layout("cols", cfg.axes), P(Axis.MODEL, None), P())
    step = jax.jit(jax.shard_map(make_step(cfg, rules), mesh=mesh,
                                 in_specs=(*specs, layout("rows", cfg.axes), layout("rows", cfg.axes)),
                                 out_specs=specs))
    params = tuple(place(mesh, v, s) for v, s in zip((w1, w2, b2), specs))
    xd, yd = place(mesh, x, layout("rows", cfg.axes)), place(mesh, y, layout("rows", cfg.axes))
    for _ in range(cfg.steps):
        params = step(*params, xd, yd)
    print("bias after training", np.asarray(params[2]))


if __name__ == "__main__":
    main(*inputs())
