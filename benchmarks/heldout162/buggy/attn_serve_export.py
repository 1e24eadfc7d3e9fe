"""attn/tp/export.py: consolidate tensor-parallel attention weights into one serving checkpoint."""
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
HD: Final = 32


class AttnWeights(NamedTuple):
    wq: Annotated[Float[Array, "d hd"], P(None, MODEL)]
    wk: Annotated[Float[Array, "d hd"], P(None, MODEL)]
    wv: Annotated[Float[Array, "d hd"], P(None, MODEL)]
    wo: Annotated[Float[Array, "hd d"], P(MODEL, None)]


class ServeWeights(NamedTuple):
    wq: Annotated[Float[Array, "d hd"], P(None, None, reduced={MODEL})]
    wk: Annotated[Float[Array, "d hd"], P(None, None, reduced={MODEL})]
    wv: Annotated[Float[Array, "d hd"], P(None, None, reduced={MODEL})]
    wo: Annotated[Float[Array, "hd d"], P(None, None)]


def field_specs(bundle: type) -> dict[str, P]:
    hints = get_type_hints(bundle, include_extras=True)
    return {name: next(m for m in _unwrap(hints[name])[1] if isinstance(m, P)) for name in bundle._fields}


@checked
def fan_in_scale(w: Float[Array, "a b"]) -> Float[Array, "a b"]:
    return w / np.sqrt(w.shape[0])


def init(mesh, raw: dict[str, np.ndarray]) -> AttnWeights:
    specs = field_specs(AttnWeights)
    return AttnWeights(**{k: place(mesh, fan_in_scale(jnp.asarray(v)), specs[k]) for k, v in raw.items()})


def consolidate(params: AttnWeights) -> ServeWeights:
    out = field_specs(ServeWeights)
    return ServeWeights(*(top_level_all_gather(w, out[name]) for name, w in zip(params._fields, params)))


def main(raw):
    mesh = jax.make_mesh((2, 4), (DATA, MODEL))
    with jax.set_mesh(mesh):
        params = init(mesh, raw)
        served = consolidate(params)
    for name, w in zip(served._fields, served):
        print(name, w.shape, float(jnp.sum(w)))


def inputs():
    rng = np.random.default_rng(3)
    raw = {n: rng.standard_normal((D_MODEL, HD)).astype(np.float32) for n in ("wq", "wk", "wv")}
    raw["wo"] = rng.standard_normal((HD, D_MODEL)).astype(np.float32)
    return (raw,)


if __name__ == "__main__":
    main(*inputs())
