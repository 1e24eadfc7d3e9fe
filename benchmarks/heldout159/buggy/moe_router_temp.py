"""moe/router/temperature.py: annealed router temperature for a data x expert parallel gate."""
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

[router]
temperature = 0.7
gather = "reduced"
"""


@dataclasses.dataclass(slots=True, kw_only=True, frozen=True)
class Router:
    temperature: float = 1.0
    gather: To = To.VARYING

    def cooled(self, step: int) -> Self:
        return dataclasses.replace(self, temperature=max(0.1, self.temperature * 0.9 ** step))


def router_from(text: str) -> Router:
    match tomllib.loads(text).get("router"):
        case {"temperature": float(t), "gather": str(g)}:
            return Router(temperature=t, gather=To(g))
        case {"temperature": float(t)}:
            return Router(temperature=t)
        case None | _:
            return Router()


def make_gate(router: Router):
    def gate(wr, x):
        logits = jax.lax.all_gather(x @ wr, Axis.EXPERT, axis=1, tiled=True, to=router.gather)
        scaled = logits / router.temperature
        return jnp.exp(scaled - jnp.max(scaled, axis=1, keepdims=True))
    return gate


def inputs():
    rng = np.random.default_rng(11)
    return CONFIG, rng.normal(size=(10, 8)) * 0.3, rng.normal(size=(8, 10))


def main(text, wr, x):
    cfg = validated(RunCfg.from_toml(text))
    mesh = mesh_for(cfg.axes, cfg.shape)
    wd, xd = place(mesh, wr, layout("cols", cfg.axes)), place(mesh, x, layout("rows", cfg.axes))
    for step in range(cfg.steps):
        router = router_from(text).cooled(step)
        out = P(Axis.DATA, None, reduced={Axis.EXPERT}) if router.gather == To.REDUCED else P(Axis.DATA, None)
        fn = jax.jit(jax.shard_map(make_gate(router), mesh=mesh,
                                   in_specs=(layout("cols", cfg.axes), layout("rows", cfg.axes)), out_specs=out))
        print(step, "gate mass", float(jnp.sum(fn(wd, xd))))


if __name__ == "__main__":
    main(*inputs())
