"""models/seqpar/cache.py: fills a sequence-sharded KV cache and hands it to the decoder host."""
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
axes = ["data", "seq"]
shape = [2, 4]

[handoff]
layout = "per_replica"
"""


class Handoff(enum.StrEnum):
    PER_REPLICA = enum.auto()
    HOST = enum.auto()


def handoff_spec(kind: Handoff, axes: tuple[Axis, ...]) -> P:
    match kind, axes:
        case Handoff.PER_REPLICA, (batch, seq):
            return P(batch, None, None, reduced={seq})
        case Handoff.HOST, _:
            return P(None, None, None, reduced=set(axes))
        case _:
            raise KeyError(kind)


def make_fill():
    def fill(wk, h):
        return jnp.tanh(h @ wk)
    return fill


def build_cache(cfg: RunCfg, wk, h, kind: Handoff):
    mesh = mesh_for(cfg.axes, cfg.shape)
    cspec = P(*cfg.axes, None)
    fill = jax.jit(jax.shard_map(make_fill(), mesh=mesh, in_specs=(P(), cspec), out_specs=cspec))
    with jax.set_mesh(mesh):
        cache = fill(place(mesh, wk, P()), place(mesh, h, cspec))
        return top_level_all_gather(cache, handoff_spec(kind, cfg.axes))


def inputs():
    rng = np.random.default_rng(21)
    return CONFIG, rng.normal(size=(6, 6)) * 0.3, rng.normal(size=(4, 16, 6))


def main(text, wk, h):
    cfg = validated(RunCfg.from_toml(text))
    kind = Handoff(tomllib.loads(text)["handoff"]["layout"])
    cache = build_cache(cfg, wk, h, kind)
    print("cache", cache.shape, cache.sharding.spec)


if __name__ == "__main__":
    main(*inputs())
