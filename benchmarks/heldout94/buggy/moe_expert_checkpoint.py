"""Expert checkpoint: the expert stack is gathered to one copy, deduplicated over the axis named in [checkpoint]."""
from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import enum
import functools
import itertools
import tomllib
from dataclasses import KW_ONLY, dataclass, field
from functools import cached_property, partial, singledispatch
from typing import Any, NamedTuple, Protocol, runtime_checkable

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- meshkit: the lab's small layout helpers (shared by every experiment script) -----------------


class Layout(NamedTuple):
    """Which mesh axis plays which role; `_replace` it to try another assignment."""

    batch: str
    model: str

    @property
    def axes(self) -> tuple[str, ...]:
        return tuple(self)


ACTIVE_LAYOUT: contextvars.ContextVar[Layout] = contextvars.ContextVar("active_layout")


@contextlib.contextmanager
def active(layout: Layout):
    token = ACTIVE_LAYOUT.set(layout)
    try:
        yield layout
    finally:
        ACTIVE_LAYOUT.reset(token)


class GatherTo(enum.StrEnum):
    VARYING = "varying"
    REDUCED = "reduced"
    INVARYING = "invarying"


def as_axes(value: str | list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Config converter: "a,b" / ["a", "b"] / ("a",) -> a tuple of axis names."""
    match value:
        case str() if "," in value:
            return tuple(part.strip() for part in value.split(","))
        case str():
            return (value,)
        case [*names]:
            return tuple(names)
    raise TypeError(f"cannot read axes from {value!r}")


def build_mesh(cfg: dict[str, Any]) -> jax.sharding.Mesh:
    match cfg:
        case {"shape": [int(a), int(b)], "axes": [str(x), str(y)]}:
            return jax.make_mesh((a, b), (x, y))
        case {"shape": shape, "axes": names}:
            return jax.make_mesh(tuple(shape), tuple(names))
    raise ValueError(f"bad mesh config {cfg!r}")


def place(mesh, array, spec: P):
    return jax.device_put(array, NamedSharding(mesh, spec))


# --- MoE pretraining: experts split over the expert axis, tokens over the data axis ---------------

CONFIG = tomllib.loads("""
[model]
tokens = 16
d_model = 8
n_experts = 4

[parallel]
data = "dp"
expert = "ep"
shape = [4, 2]

[router]
kind = "softmax"
log_load = true
aux = ["balance", "z_loss"]

[checkpoint]
dedup_over = "data"

[dump]
axes = ["dp", "ep"]
""")

ROUTERS: dict[str, type] = {}


def router(name: str):
    def register(cls):
        ROUTERS[name] = cls
        return cls
    return register


def frozen(cls=None, /, **kw):
    return dataclass(frozen=True, **kw)(cls) if cls else partial(frozen, **kw)


@frozen
class Parallel:
    data: str
    expert: str
    shape: tuple[int, ...]

    def __post_init__(self):
        object.__setattr__(self, "shape", tuple(self.shape))

    @cached_property
    def axes(self) -> tuple[str, ...]:
        return (self.data, self.expert)

    @property
    def tokens(self) -> P:
        return P(self.data, None)

    @property
    def experts(self) -> P:
        return P(self.expert, None, None)


PAR = Parallel(**CONFIG["parallel"])
N_EXPERTS = CONFIG["model"]["n_experts"]


class Router(Protocol):
    def gates(self, x, w_gate): ...


@router("softmax")
@dataclass(frozen=True)
class SoftmaxRouter:
    def gates(self, x, w_gate):
        return jax.nn.softmax(x @ w_gate, axis=-1)


@router("sigmoid")
@dataclass(frozen=True)
class SigmoidRouter:
    def gates(self, x, w_gate):
        return jax.nn.sigmoid(x @ w_gate)


ROUTER: Router = ROUTERS[CONFIG["router"]["kind"]]()


def inputs():
    rng = np.random.default_rng(41)
    m = CONFIG["model"]
    x = rng.standard_normal((m["tokens"], m["d_model"])).astype(np.float32)
    w_gate = (rng.standard_normal((m["d_model"], N_EXPERTS)) / 3).astype(np.float32)
    experts = (rng.standard_normal((N_EXPERTS, m["d_model"], m["d_model"])) / 3).astype(np.float32)
    return x, w_gate, experts


def local_gates(gates, experts):
    """The columns of the gate matrix for the experts this shard holds."""
    n_local = experts.shape[0]
    return jax.lax.dynamic_slice_in_dim(gates, jax.lax.axis_index(PAR.expert) * n_local, n_local, axis=1)


def expert_outputs(x, experts):
    return jnp.einsum("td,edf->tef", x, experts)


def moe_layer(x, w_gate, experts):
    gates = ROUTER.gates(x, w_gate)
    per_expert = expert_outputs(x, experts)
    partial_out = jnp.einsum("te,tef->tf", local_gates(gates, experts), per_expert)
    return gates, per_expert, jax.lax.psum(partial_out, PAR.expert)


IN_SPECS = (PAR.tokens, P(), PAR.experts)


def placed(mesh, x, w_gate, experts):
    return tuple(place(mesh, a, s) for a, s in zip((x, w_gate, experts), IN_SPECS))


def moe_mesh():
    return jax.make_mesh(PAR.shape, PAR.axes)


from jax._src.shard_map import top_level_all_gather


def checkpoint_spec(params_spec: P) -> P:
    dedup = getattr(PAR, CONFIG["checkpoint"]["dedup_over"])
    return P(*(None for _ in params_spec), reduced={dedup})


def save(experts):
    return top_level_all_gather(experts, checkpoint_spec(PAR.experts))


def main(x, w_gate, experts):
    mesh = moe_mesh()
    with jax.set_mesh(mesh):
        stack = place(mesh, experts, PAR.experts)
        saved = save(stack)
    print("saved", saved.shape)
    return saved


if __name__ == "__main__":
    main(*inputs())
