"""train/fsdp/checkpoint.py: trains an FSDP model and writes a consolidated checkpoint at the end."""
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
axes = ["fsdp", "model"]
shape = [4, 2]

[run]
steps = 2
lr = 0.1

[checkpoint]
consolidate = true
"""


class Phase(enum.StrEnum):
    TRAIN = enum.auto()
    SAVE = enum.auto()


CKPT_SPEC = P(None, Axis.MODEL, reduced={Axis.FSDP})


def make_step(cfg: RunCfg):
    def step(w, x):
        full = jax.lax.all_gather(w, Axis.FSDP, axis=0, tiled=True)
        h = jnp.tanh(x @ full)
        g = jax.lax.psum_scatter(x.T @ (1.0 - h * h), Axis.FSDP, scatter_dimension=0, tiled=True)
        return w - cfg.lr * g
    return step


@dataclasses.dataclass(slots=True, kw_only=True)
class Trainer:
    cfg: RunCfg
    w: jax.Array | None = None
    phase: Phase = Phase.TRAIN

    def fit(self, w, x) -> Self:
        mesh = mesh_for(self.cfg.axes, self.cfg.shape)
        spec = layout("grid", self.cfg.axes)
        step = jax.jit(jax.shard_map(make_step(self.cfg), mesh=mesh,
                                     in_specs=(spec, P(Axis.FSDP, None)), out_specs=spec))
        with jax.set_mesh(mesh):
            wd, xd = place(mesh, w, spec), place(mesh, x, P(Axis.FSDP, None))
            for _ in range(self.cfg.steps):
                wd = step(wd, xd)
        self.w, self.phase = wd, Phase.SAVE
        return self

    def consolidated(self) -> jax.Array:
        match self.phase, self.w:
            case Phase.SAVE, jax.Array() as w:
                return top_level_all_gather(w, CKPT_SPEC)
            case phase, _:
                raise RuntimeError(f"nothing to save in phase {phase}")


def inputs():
    rng = np.random.default_rng(15)
    return CONFIG, rng.normal(size=(8, 4)) * 0.3, rng.normal(size=(8, 8))


def main(text, w, x):
    cfg = validated(RunCfg.from_toml(text))
    trainer = Trainer(cfg=cfg).fit(w, x)
    if tomllib.loads(text)["checkpoint"]["consolidate"]:
        ckpt = trainer.consolidated()
        print("checkpoint", ckpt.shape, ckpt.sharding.spec)


if __name__ == "__main__":
    main(*inputs())
