"""train/fsdp/norm_log.py: FSDP-sharded linear model that logs parameter-shard norms each step."""
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

[monitor]
norms = ["w", "b"]
"""


class Params(TypedDict):
    w: jax.Array
    b: jax.Array


SPECS = Params(w=P(Axis.FSDP, Axis.MODEL), b=P(Axis.MODEL))


def shard_norms(params: Params, names: list[str]) -> dict[str, jax.Array]:
    norms = {}
    for name in names:
        match params.get(name), SPECS[name]:
            case None, _:
                continue
            case leaf, P() as spec if Axis.FSDP in spec:
                sq = jax.lax.psum(jnp.sum(leaf * leaf), spec[1])
                norms[name] = jax.lax.all_gather(sq[None], Axis.FSDP, tiled=True, to=To.REDUCED)
            case leaf, _:
                norms[name] = jnp.sum(leaf * leaf)[None]
    return norms


def make_step(cfg: RunCfg, names: list[str]):
    def step(params: Params, x, y):
        full_w = jax.lax.all_gather(params["w"], Axis.FSDP, axis=0, tiled=True)
        err = x @ full_w + params["b"] - y
        gw = jax.lax.psum_scatter(x.T @ err, Axis.FSDP, scatter_dimension=0, tiled=True)
        gb = jax.lax.psum(jnp.sum(err, axis=0), Axis.FSDP)
        new = Params(w=params["w"] - cfg.lr * gw, b=params["b"] - cfg.lr * gb)
        return new, shard_norms(new, names)
    return step


def inputs():
    rng = np.random.default_rng(12)
    return CONFIG, rng.normal(size=(8, 4)) * 0.3, np.zeros(4), rng.normal(size=(16, 8)), rng.normal(size=(16, 4))


def main(text, w, b, x, y):
    cfg = validated(RunCfg.from_toml(text))
    names = tomllib.loads(text)["monitor"]["norms"]
    mesh = mesh_for(cfg.axes, cfg.shape)
    norm_specs = {n: (P(None, reduced={Axis.FSDP}) if Axis.FSDP in SPECS[n] else P(SPECS[n][0])) for n in names}
    step = jax.jit(jax.shard_map(make_step(cfg, names), mesh=mesh,
                                 in_specs=(SPECS, P(Axis.FSDP, None), P(Axis.FSDP, Axis.MODEL)),
                                 out_specs=(SPECS, norm_specs)))
    params = Params(w=place(mesh, w, SPECS["w"]), b=place(mesh, b, SPECS["b"]))
    xd, yd = place(mesh, x, P(Axis.FSDP, None)), place(mesh, y, P(Axis.FSDP, Axis.MODEL))
    for i in range(cfg.steps):
        params, norms = step(params, xd, yd)
        print(i, {k: np.asarray(v).round(3).tolist() for k, v in norms.items()})


if __name__ == "__main__":
    main(*inputs())
