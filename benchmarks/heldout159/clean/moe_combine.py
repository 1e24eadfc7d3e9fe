"""moe/layer/combine.py: expert-parallel FFN with dispatch and combine all-to-alls and a global token count."""
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
axes = ["data", "expert"]
shape = [2, 4]

[moe]
count_over = ["data", "expert"]
"""


def make_layer(count_over: tuple[Axis, ...]):
    def layer(w_exp, x):
        sent = jax.lax.all_to_all(x, Axis.EXPERT, split_axis=0, concat_axis=0, tiled=True)
        hidden = jnp.tanh(sent @ w_exp[0])
        back = jax.lax.all_to_all(hidden, Axis.EXPERT, split_axis=0, concat_axis=0, tiled=True)
        seen = jnp.sum(jnp.abs(back) > 0.0).astype(jnp.float32)
        match count_over:
            case (single,):
                total = jax.lax.psum(seen, single)
            case (*many,):
                total = jax.lax.psum(seen, tuple(many))
        return back, total
    return layer


def inputs():
    rng = np.random.default_rng(31)
    return CONFIG, rng.normal(size=(4, 2, 2)) * 0.5, rng.normal(size=(16, 8))


def main(text, w_exp, x):
    cfg = validated(RunCfg.from_toml(text))
    over = tuple(map(Axis, tomllib.loads(text)["moe"]["count_over"]))
    mesh = mesh_for(cfg.axes, cfg.shape)
    fn = jax.jit(jax.shard_map(make_layer(over), mesh=mesh,
                               in_specs=(P(Axis.EXPERT, None, None), layout("grid", cfg.axes)),
                               out_specs=(layout("grid", cfg.axes), P())))
    y, total = fn(place(mesh, w_exp, P(Axis.EXPERT, None, None)), place(mesh, x, layout("grid", cfg.axes)))
    print("combined", y.shape, "tokens", float(total))


if __name__ == "__main__":
    main(*inputs())
