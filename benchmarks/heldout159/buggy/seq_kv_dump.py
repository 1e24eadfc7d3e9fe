"""models/seqpar/kv_dump.py: sequence-parallel attention with an optional dump of the full keys."""
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

[dump]
keys = "mesh"
"""


def dump_over(where: str, axes: tuple[Axis, ...]) -> tuple[Axis, ...] | None:
    match where:
        case "off":
            return None
        case "replica":
            return (Axis.DATA,)
        case "mesh":
            return axes
        case _:
            raise KeyError(where)


def make_attn(over: tuple[Axis, ...] | None):
    def attn(wk, h):
        k_local = h @ wk
        keys = jax.lax.all_gather(k_local, Axis.SEQ, axis=1, tiled=True, to=To.REDUCED)
        scores = jnp.einsum("btd,bsd->bts", h @ wk, keys)
        out = jnp.exp(scores - jnp.max(scores, axis=-1, keepdims=True))
        if over is None:
            return out, keys
        return out, jax.lax.all_gather(keys, over, axis=0, tiled=True, to=To.REDUCED)
    return attn


def inputs():
    rng = np.random.default_rng(19)
    return CONFIG, rng.normal(size=(6, 6)) * 0.3, rng.normal(size=(4, 8, 6))


def main(text, wk, h):
    cfg = validated(RunCfg.from_toml(text))
    over = dump_over(tomllib.loads(text)["dump"]["keys"], cfg.axes)
    mesh = mesh_for(cfg.axes, cfg.shape)
    hspec = P(Axis.DATA, Axis.SEQ, None)
    kspec = P(None, None, None, reduced={Axis.SEQ, *(over or ())})
    fn = jax.jit(jax.shard_map(make_attn(over), mesh=mesh, in_specs=(P(), hspec),
                               out_specs=(hspec, kspec)))
    out, keys = fn(place(mesh, wk, P()), place(mesh, h, hspec))
    print("attn", out.shape, "keys", keys.shape)


if __name__ == "__main__":
    main(*inputs())
