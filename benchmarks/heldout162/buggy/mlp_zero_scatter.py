"""mlp/fsdp/zero3.py: ZeRO-3 style MLP step, weights gathered for compute and scattered back."""
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

FSDP: Final = "fsdp"
TENSOR: Final = "tensor"
D_MODEL: Final = 16
D_FF: Final = 32
LR: Final = 0.05

Batch = Annotated[Float[Array, "b d"], P(FSDP, None)]
Shard = Annotated[Float[Array, "d f"], P(FSDP, TENSOR)]


class ZeroParam:
    """One FSDP-sharded weight: `full()` for the forward, `scatter()` for the update."""

    def __init__(self, shard: Array, axis: str):
        self.shard, self.axis = shard, axis

    def full(self) -> Array:
        return jax.lax.all_gather(self.shard, self.axis, axis=0, tiled=True, to="reduced")

    def scatter(self, dense: Array) -> Array:
        return jax.lax.psum_scatter(dense, self.axis, scatter_dimension=0, tiled=True)


@checked
def forward(x: Float[Array, "b d"], w: Float[Array, "d f"]) -> Float[Array, "b f"]:
    return jnp.tanh(x @ w)


@checked
def decay(w: Float[Array, "d f"]) -> Float[Array, "d f"]:
    return w - w * w


def body(x: Batch, w: Shard) -> Annotated[Float[Array, "d f"], P(FSDP, TENSOR)]:
    param = ZeroParam(w, FSDP)
    dense = param.full()
    h = forward(x, jnp.tanh(dense))
    update = param.scatter(decay(dense))
    return param.shard - LR * update + 0.0 * jnp.sum(h)


def main(x, w):
    mesh = jax.make_mesh((4, 2), (FSDP, TENSOR))
    in_specs, out_spec = specs_of(body)
    fn = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=in_specs, out_specs=out_spec))
    out = fn(*(place(mesh, a, s) for a, s in zip((x, w), in_specs)))
    print(out.shape, float(jnp.sum(out)))


def inputs():
    rng = np.random.default_rng(12)
    x = rng.standard_normal((16, D_MODEL)).astype(np.float32)
    w = (rng.standard_normal((D_MODEL, D_FF)) * 0.3).astype(np.float32)
    return x, w


if __name__ == "__main__":
    main(*inputs())
