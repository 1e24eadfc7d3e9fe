"""attn/tp/loss.py: reconstruction loss of a tensor-parallel attention block, averaged over the mesh."""
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
MESH_AXES: Final = (DATA, MODEL)
D_MODEL: Final = 16
D_HEAD: Final = 4

Tokens = Annotated[Float[Array, "b s d"], P(DATA, None, None)]
ColProj = Annotated[Float[Array, "d hd"], P(None, MODEL)]
RowProj = Annotated[Float[Array, "hd d"], P(MODEL, None)]


class ReduceAxes(NamedTuple):
    row_parallel: str = MODEL
    loss_mean: tuple[str, ...] = MESH_AXES


@checked
def heads(y: Float[Array, "b s hd"]) -> Float[Array, "b h s k"]:
    b, s, hd = y.shape
    return y.reshape(b, s, hd // D_HEAD, D_HEAD).transpose(0, 2, 1, 3)


@checked
def merge(y: Float[Array, "b h s k"]) -> Float[Array, "b s hd"]:
    b, h, s, k = y.shape
    return y.transpose(0, 2, 1, 3).reshape(b, s, h * k)


class Attention:
    def __init__(self, axes: ReduceAxes):
        self.axes = axes

    @checked
    def __call__(self, x: Float[Array, "b s d"], wq: Float[Array, "d hd"], wk: Float[Array, "d hd"],
                 wv: Float[Array, "d hd"], wo: Float[Array, "hd d"]) -> Float[Array, "b s d"]:
        q, k, v = heads(x @ wq), heads(x @ wk), heads(x @ wv)
        p = jax.nn.softmax(jnp.einsum("bhqk,bhsk->bhqs", q, k) / np.sqrt(D_HEAD), axis=-1)
        partial = merge(jnp.einsum("bhqs,bhsk->bhqk", p, v)) @ wo
        return jax.lax.psum(partial, self.axes.row_parallel)


def loss_fn(block: Callable[..., Array], axes: ReduceAxes) -> Callable[..., Array]:
    def body(x: Tokens, wq: ColProj, wk: ColProj, wv: ColProj, wo: RowProj) -> Annotated[Float[Array, ""], P()]:
        y = block(x, wq, wk, wv, wo)
        err = jnp.mean((y - x) ** 2)
        return jax.lax.pmean(err, axes.loss_mean)
    return body


def main(*arrays):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    axes = ReduceAxes()
    body = loss_fn(Attention(axes), axes)
    in_specs, out_spec = specs_of(body)
    fn = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=in_specs, out_specs=out_spec))
    print(float(fn(*(place(mesh, a, s) for a, s in zip(arrays, in_specs)))))


def inputs():
    rng = np.random.default_rng(4)
    x = rng.standard_normal((4, 6, D_MODEL)).astype(np.float32)
    ws = [rng.standard_normal((D_MODEL, 32)).astype(np.float32) * 0.2 for _ in range(3)]
    wo = rng.standard_normal((32, D_MODEL)).astype(np.float32) * 0.2
    return (x, *ws, wo)


if __name__ == "__main__":
    main(*inputs())
