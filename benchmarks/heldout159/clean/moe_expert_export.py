"""moe/export/experts.py: exports expert FFN weights in the layout the distillation job reads."""
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
axes = ["data", "expert"]
shape = [2, 4]

[run]
steps = 2
lr = 0.05
"""


class Target(enum.StrEnum):
    SERVING = enum.auto()
    DISTILL = enum.auto()


def target_spec(target: Target) -> P:
    match target:
        case Target.SERVING:
            return P(None, None, None, reduced={Axis.EXPERT})
        case Target.DISTILL:
            return P(Axis.EXPERT, None, None)


def make_update(cfg: RunCfg):
    def update(w_exp, x):
        h = jnp.tanh(x @ w_exp[0])
        g = jax.lax.pmean(x.T @ (1.0 - h * h), Axis.DATA)
        return w_exp - cfg.lr * g[None]
    return update


@dataclasses.dataclass(slots=True, kw_only=True)
class ExpertStore:
    cfg: RunCfg
    targets: tuple[Target, ...] = (Target.SERVING, Target.DISTILL)

    def trained(self, mesh, w_exp, x):
        spec = P(Axis.EXPERT, None, None)
        upd = jax.jit(jax.shard_map(make_update(self.cfg), mesh=mesh,
                                    in_specs=(spec, layout("rows", self.cfg.axes)), out_specs=spec))
        w = place(mesh, w_exp, spec)
        xd = place(mesh, x, layout("rows", self.cfg.axes))
        for _ in range(self.cfg.steps):
            w = upd(w, xd)
        return w

    def export(self, w_exp, x) -> dict[Target, jax.Array]:
        mesh = mesh_for(self.cfg.axes, self.cfg.shape)
        with jax.set_mesh(mesh):
            w = self.trained(mesh, w_exp, x)
            return {t: top_level_all_gather(w, target_spec(t)) for t in self.targets}


def inputs():
    rng = np.random.default_rng(9)
    return CONFIG, rng.normal(size=(4, 6, 6)) * 0.3, rng.normal(size=(8, 6))


def main(text, w_exp, x):
    store = ExpertStore(cfg=validated(RunCfg.from_toml(text)))
    for target, w in store.export(w_exp, x).items():
        print(target, w.shape, w.sharding.spec)


if __name__ == "__main__":
    main(*inputs())
