"""attn/tp/debug_dump.py: dump the query heads of a tensor-parallel attention block to the host."""
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

Tokens = Annotated[Float[Array, "b s d"], P(DATA, None, None)]
ColProj = Annotated[Float[Array, "d hd"], P(None, MODEL)]


class Registry(Generic[T]):
    """Name -> object table; dump stages register themselves by name."""

    def __init__(self):
        self._items: dict[str, T] = {}

    def register(self, name: str) -> Callable[[T], T]:
        def deco(obj: T) -> T:
            self._items[name] = obj
            return obj
        return deco

    def __getitem__(self, name: str) -> T:
        return self._items[name]


STAGES: Registry[Layer] = Registry()


class GatherStage:
    def __init__(self, axes: str | Sequence[str]):
        self.axes = as_axes(axes)

    def __call__(self, x: Array) -> Array:
        return jax.lax.all_gather(x, self.axes, axis=1, tiled=True, to="reduced")


STAGES.register("heads")(GatherStage(MODEL))
STAGES.register("host")(GatherStage((DATA, MODEL)))


@checked
def project(x: Float[Array, "b s d"], w: Float[Array, "d hd"]) -> Float[Array, "b h s k"]:
    y = x @ w
    b, s, hd = y.shape
    return y.reshape(b, s, hd // D_HEAD, D_HEAD).transpose(0, 2, 1, 3)


@checked
def pooled(q: Float[Array, "b h s k"]) -> Float[Array, "b h k"]:
    return jnp.sum(q, axis=2)


def dump(q: Array, order: Sequence[str] = ("heads", "host")) -> Array:
    for name in order:
        q = STAGES[name](q)
    return q


def body(x: Tokens, wq: ColProj) -> Annotated[Float[Array, "b h k"], P(None, None, None, reduced={DATA, MODEL})]:
    return dump(pooled(project(x, wq)))


def main(x, wq):
    mesh = jax.make_mesh((2, 4), (DATA, MODEL))
    in_specs, out_spec = specs_of(body)
    fn = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=in_specs, out_specs=out_spec))
    out = fn(*(place(mesh, a, s) for a, s in zip((x, wq), in_specs)))
    print(out.shape, float(jnp.sum(out)))


def inputs():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((4, 6, D_MODEL)).astype(np.float32)
    wq = rng.standard_normal((D_MODEL, 8 * D_HEAD)).astype(np.float32)
    return x, wq


if __name__ == "__main__":
    main(*inputs())
