"""trainer/dp/act_dump.py: dumps hidden activations of a data x model parallel MLP for offline probing."""
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

[dump]
mode = "table"
"""


class DumpMode(enum.StrEnum):
    UNITS = enum.auto()
    TABLE = enum.auto()


@dataclasses.dataclass(slots=True, kw_only=True, frozen=True)
class Probe:
    mode: DumpMode
    axes: tuple[Axis, ...]

    def collect(self, h):
        match self:
            case Probe(mode=DumpMode.UNITS):
                return jax.lax.all_gather(h, Axis.MODEL, axis=1, tiled=True, to=To.REDUCED)
            case Probe(mode=DumpMode.TABLE, axes=(rows, cols)):
                units = jax.lax.all_gather(h, cols, axis=1, tiled=True, to=To.REDUCED)
                return jax.lax.all_gather(units, (rows, cols), axis=0, tiled=True, to=To.REDUCED)
            case _:
                raise ValueError(self)

    def out_spec(self) -> P:
        match self.mode:
            case DumpMode.UNITS:
                return P(Axis.DATA, None, reduced={Axis.MODEL})
            case DumpMode.TABLE:
                return P(None, None, reduced=set(self.axes))


def make_forward(probe: Probe):
    def forward(w1, x):
        h = jnp.tanh(x @ w1)
        return jax.lax.psum(jnp.sum(h, axis=1), Axis.MODEL), probe.collect(h)
    return forward


def run(cfg: RunCfg, probe: Probe, w1, x):
    mesh = mesh_for(cfg.axes, cfg.shape)
    fwd = jax.shard_map(make_forward(probe), mesh=mesh,
                        in_specs=(layout("cols", cfg.axes), layout("rows", cfg.axes)),
                        out_specs=(P(Axis.DATA), probe.out_spec()))
    return jax.jit(fwd)(place(mesh, w1, layout("cols", cfg.axes)), place(mesh, x, layout("rows", cfg.axes)))


def inputs():
    rng = np.random.default_rng(1)
    return CONFIG, rng.normal(size=(12, 16)) * 0.3, rng.normal(size=(8, 12))


def main(text, w1, x):
    cfg = validated(RunCfg.from_toml(text))
    match tomllib.loads(text):
        case {"dump": {"mode": str(mode)}}:
            probe = Probe(mode=DumpMode(mode), axes=cfg.axes)
        case _:
            probe = Probe(mode=DumpMode.UNITS, axes=cfg.axes)
    score, table = run(cfg, probe, w1, x)
    print("dumped", table.shape, "mean score", float(jnp.mean(score)))


if __name__ == "__main__":
    main(*inputs())
