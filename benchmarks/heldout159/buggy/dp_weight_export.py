"""trainer/dp/export.py: trains a data x model parallel MLP, then exports whole weights for serving."""
from jax._src.shard_map import top_level_all_gather

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
lr = 0.2

[export]
w1 = "replicated"
w2 = "replicated"
"""


class Param(enum.StrEnum):
    W1 = enum.auto()
    W2 = enum.auto()


TRAIN_LAYOUT: dict[Param, str] = {Param.W1: "cols", Param.W2: "rows"}


def export_spec(param: Param, kind: str, axes: tuple[Axis, ...]) -> P:
    match param, kind:
        case Param.W1, "replicated":
            return P(None, None, reduced={axes[1]})
        case Param.W2, "replicated":
            return P(None, None, reduced={axes[0]})
        case _, "sharded":
            return layout(TRAIN_LAYOUT[param], axes)
        case _:
            raise KeyError((param, kind))


def make_step(cfg: RunCfg):
    def step(w1, w2, x, y):
        h = jnp.tanh(x @ w1)
        err = jax.lax.psum(h @ w2.T, Axis.MODEL) - y
        g2 = err.T @ h
        g1 = x.T @ ((err @ w2) * (1.0 - h * h))
        return (w1 - cfg.lr * jax.lax.pmean(g1, Axis.DATA),
                w2 - cfg.lr * jax.lax.pmean(g2, Axis.DATA))
    return step


def train(cfg: RunCfg, params: dict[Param, np.ndarray], x, y):
    mesh = mesh_for(cfg.axes, cfg.shape)
    w_specs = (layout("cols", cfg.axes), layout("cols", cfg.axes))
    step = jax.jit(jax.shard_map(make_step(cfg), mesh=mesh,
                                 in_specs=(*w_specs, layout("rows", cfg.axes), layout("rows", cfg.axes)),
                                 out_specs=w_specs))
    with jax.set_mesh(mesh):
        w1, w2 = (place(mesh, params[p], s) for p, s in zip(Param, w_specs))
        xd, yd = place(mesh, x, layout("rows", cfg.axes)), place(mesh, y, layout("rows", cfg.axes))
        for _ in range(cfg.steps):
            w1, w2 = step(w1, w2, xd, yd)
        wanted = tomllib.loads(CONFIG)["export"]
        return {p: top_level_all_gather(w, export_spec(p, wanted[p], cfg.axes))
                for p, w in zip(Param, (w1, w2))}


def inputs():
    rng = np.random.default_rng(3)
    params = {Param.W1: rng.normal(size=(12, 16)) * 0.2, Param.W2: rng.normal(size=(4, 16)) * 0.2}
    return CONFIG, params, rng.normal(size=(8, 12)), rng.normal(size=(8, 4))


def main(text, params, x, y):
    cfg = validated(RunCfg.from_toml(text))
    served = train(cfg, params, x, y)
    for name, w in served.items():
        print(name, w.shape, w.sharding.spec)


if __name__ == "__main__":
    main(*inputs())
