"""attn/tp/kv_ring.py: ring-pass the key projection between tensor-parallel ranks (blockwise attention)."""
import functools
import inspect
from typing import (Annotated, Any, Callable, Final, Generic, NamedTuple, Protocol, Sequence,
                    TypeVar, get_args, get_origin, get_type_hints, overload)

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

# ---------------------------------------------------------------------------------------------
# typing_lite: shape-checked annotations without jaxtyping (copied from lib/typing_lite.py)
# ---------------------------------------------------------------------------------------------
T = TypeVar("T")
Array = jax.Array


class Dims:
    """What `Float[Array, "batch d_model"]` evaluates to: a dtype kind and named dims."""

    def __init__(self, kind: str, names: tuple[str, ...]):
        self.kind, self.names = kind, names

    def __call__(self, *a):  # typing.Annotated wants a callable first argument
        raise TypeError("Dims is an annotation, not a constructor")

    def __repr__(self):
        return f"{self.kind}[{' '.join(self.names)}]"


class _DimsFactory:
    def __init__(self, kind: str):
        self.kind = kind

    def __getitem__(self, item: tuple[Any, str]) -> Dims:
        _, dims = item
        return Dims(self.kind, tuple(dims.split()))


Float: Final = _DimsFactory("float")
Int: Final = _DimsFactory("int")


def _unwrap(ann: Any) -> tuple[Any, tuple]:
    if get_origin(ann) is Annotated:
        base, *meta = get_args(ann)
        return base, tuple(meta)
    return ann, ()


def _bind(ann: Any, value: Any, env: dict[str, int], where: str) -> None:
    dims, _ = _unwrap(ann)
    if not isinstance(dims, Dims) or not hasattr(value, "shape"):
        return
    if len(dims.names) != len(value.shape):
        raise TypeError(f"{where}: expected {dims}, got shape {value.shape}")
    floating = jnp.issubdtype(value.dtype, jnp.floating)
    if (dims.kind == "float") != floating:
        raise TypeError(f"{where}: expected {dims.kind}, got {value.dtype}")
    for name, size in zip(dims.names, value.shape):
        if name.isdigit() and int(name) != size or env.setdefault(name, size) != size:
            raise TypeError(f"{where}: dim {name!r} is {env.get(name)}, got {size}")


def checked(fn: Callable[..., T]) -> Callable[..., T]:
    """Binds named dims across the arguments and the result at every call."""
    sig = inspect.signature(fn)

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        hints = get_type_hints(fn, include_extras=True)
        bound = sig.bind(*args, **kwargs)
        env: dict[str, int] = {}
        for name, value in bound.arguments.items():
            _bind(hints.get(name), value, env, f"{fn.__qualname__}({name})")
        out = fn(*args, **kwargs)
        _bind(hints.get("return"), out, env, f"{fn.__qualname__} -> return")
        return out
    return wrapper


def specs_of(fn: Callable) -> tuple[tuple[P, ...], P]:
    """in_specs/out_specs read from `Annotated[..., P(...)]` parameters and return."""
    hints = get_type_hints(inspect.unwrap(fn), include_extras=True)
    spec = lambda ann: next((m for m in _unwrap(ann)[1] if isinstance(m, P)), P())
    params = inspect.signature(inspect.unwrap(fn)).parameters
    return tuple(spec(hints.get(p)) for p in params), spec(hints.get("return"))


@overload
def as_axes(axes: str) -> tuple[str]: ...
@overload
def as_axes(axes: Sequence[str]) -> tuple[str, ...]: ...
def as_axes(axes):
    return (axes,) if isinstance(axes, str) else tuple(axes)


class Layer(Protocol):
    def __call__(self, x: Array) -> Array: ...


def place(mesh: jax.sharding.Mesh, x: Any, spec: P) -> Array:
    return jax.device_put(x, NamedSharding(mesh, spec))
# ---------------------------------------------------------------------------------------------

DATA: Final = "data"
MODEL: Final = "model"
D_MODEL: Final = 16
D_HEAD: Final = 4
RING_SIZE: Final = 4

Tokens = Annotated[Float[Array, "b s d"], P(DATA, None, None)]
ColProj = Annotated[Float[Array, "d hd"], P(None, MODEL)]


class KVBlock(NamedTuple):
    k: Float[Array, "b s hd"]
    v: Float[Array, "b s hd"]


class RingPass:
    """One hop of a ring over `axis`; the keys travel, the queries stay."""

    def __init__(self, axis: str, size: int):
        self.axis, self.size = axis, size

    @property
    def perm(self) -> list[tuple[int, int]]:
        return [(i, (i + 1) % self.size) for i in range(self.size)]

    def __call__(self, x: Array) -> Array:
        return jax.lax.ppermute(x, self.axis, self.perm)


class KeyProjector:
    def __init__(self, axis: str):
        self.axis = axis

    @checked
    def __call__(self, x: Float[Array, "b s d"], wk: Float[Array, "d hd"]) -> Float[Array, "b s full"]:
        local = x @ wk
        return jax.lax.all_gather(local, self.axis, axis=2, tiled=True, to="reduced")


@checked
def score(q: Float[Array, "b s hd"], k: Float[Array, "b t hd"]) -> Float[Array, "b s t"]:
    return jnp.einsum("bsh,bth->bst", q, k)


def body(x: Tokens, wq: ColProj, wk: ColProj, wv: ColProj) -> Annotated[Float[Array, "b s t"], P(DATA, None, MODEL)]:
    ring: Layer = RingPass(MODEL, RING_SIZE)
    keys = KeyProjector(MODEL)(x, wk)
    block = KVBlock(k=ring(keys), v=x @ wv)
    q = x @ wq
    return score(q, block.k[..., : q.shape[-1]])


def main(x, wq, wk, wv):
    mesh = jax.make_mesh((2, 4), (DATA, MODEL))
    in_specs, out_spec = specs_of(body)
    fn = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=in_specs, out_specs=out_spec))
    out = fn(*(place(mesh, a, s) for a, s in zip((x, wq, wk, wv), in_specs)))
    print(out.shape, float(jnp.sum(out)))


def inputs():
    rng = np.random.default_rng(2)
    x = rng.standard_normal((4, 6, D_MODEL)).astype(np.float32)
    ws = [rng.standard_normal((D_MODEL, 8 * D_HEAD)).astype(np.float32) for _ in range(3)]
    return (x, *ws)


if __name__ == "__main__":
    main(*inputs())
