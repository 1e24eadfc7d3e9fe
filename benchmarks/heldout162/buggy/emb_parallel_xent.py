"""emb/vocab/xent.py: vocab-parallel cross entropy (Megatron style), averaged over the mesh."""
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

BATCH: Final = "batch"
VOCAB: Final = "vocab"
MESH: Final = (BATCH, VOCAB)
V: Final = 32
D: Final = 8

Hidden = Annotated[Float[Array, "b d"], P(BATCH, None)]
Labels = Annotated[Int[Array, "b"], P(BATCH)]
Head = Annotated[Float[Array, "d v"], P(None, VOCAB)]


class ParallelXent:
    def __init__(self, vocab_axis: str, mean_axes: Sequence[str]):
        self.vocab_axis, self.mean_axes = vocab_axis, tuple(mean_axes)

    @checked
    def logsumexp(self, z: Float[Array, "b v"]) -> Float[Array, "b"]:
        m = jax.lax.pmax(jax.lax.stop_gradient(jnp.max(z, axis=1)), self.vocab_axis)
        s = jax.lax.psum(jnp.sum(jnp.exp(z - m[:, None]), axis=1), self.vocab_axis)
        return jnp.log(s) + m

    @checked
    def target_logit(self, z: Float[Array, "b v"], labels: Int[Array, "b"]) -> Float[Array, "b"]:
        width = z.shape[1]
        local = labels - jax.lax.axis_index(self.vocab_axis) * width
        hit = jax.nn.one_hot(local, width, dtype=z.dtype)
        return jax.lax.psum(jnp.sum(z * hit, axis=1), self.vocab_axis)

    def __call__(self, z: Array, labels: Array) -> Array:
        nll = self.logsumexp(z) - self.target_logit(z, labels)
        return jax.lax.pmean(jnp.mean(nll), self.mean_axes)


def body(h: Hidden, labels: Labels, w: Head) -> Annotated[Float[Array, ""], P()]:
    return ParallelXent(VOCAB, MESH)(h @ w, labels)


def main(*arrays):
    mesh = jax.make_mesh((2, 4), MESH)
    in_specs, out_spec = specs_of(body)
    fn = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=in_specs, out_specs=out_spec))
    print(float(fn(*(place(mesh, a, s) for a, s in zip(arrays, in_specs)))))


def inputs():
    rng = np.random.default_rng(24)
    h = rng.standard_normal((8, D)).astype(np.float32)
    labels = rng.integers(0, V, 8).astype(np.int32)
    return h, labels, (rng.standard_normal((D, V)) * 0.3).astype(np.float32)


if __name__ == "__main__":
    main(*inputs())
