"""models/seqpar/loss.py: per-sequence LM loss on a sequence-parallel mesh, averaged for the logger."""
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

[loss]
normalise = "per_sequence"
average = ["data", "seq"]
"""


class Norm(enum.StrEnum):
    PER_TOKEN = enum.auto()
    PER_SEQUENCE = enum.auto()


class LossCfg(TypedDict):
    normalise: str
    average: list[str]
    label_smoothing: NotRequired[float]


def token_loss(logits, labels):
    return jnp.sum((logits - labels) ** 2, axis=-1)


def reduce_loss(tok, cfg: LossCfg):
    match Norm(cfg["normalise"]):
        case Norm.PER_TOKEN:
            per = tok
        case Norm.PER_SEQUENCE:
            per = jax.lax.psum(jnp.sum(tok, axis=1), Axis.SEQ)
    return jax.lax.pmean(jnp.mean(per), tuple(map(Axis, cfg["average"])))


def make_loss(cfg: LossCfg):
    def loss(w, h, labels):
        return reduce_loss(token_loss(h @ w, labels), cfg)
    return loss


def inputs():
    rng = np.random.default_rng(22)
    return CONFIG, rng.normal(size=(6, 3)) * 0.3, rng.normal(size=(4, 16, 6)), rng.normal(size=(4, 16, 3))


def main(text, w, h, labels):
    cfg = validated(RunCfg.from_toml(text))
    lcfg = LossCfg(**tomllib.loads(text)["loss"])
    mesh = mesh_for(cfg.axes, cfg.shape)
    hspec = P(Axis.DATA, Axis.SEQ, None)
    fn = jax.jit(jax.shard_map(make_loss(lcfg), mesh=mesh, in_specs=(P(), hspec, hspec), out_specs=P()))
    print("loss", float(fn(place(mesh, w, P()), place(mesh, h, hspec), place(mesh, labels, hspec))))


if __name__ == "__main__":
    main(*inputs())
