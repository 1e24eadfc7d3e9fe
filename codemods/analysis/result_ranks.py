"""The rank of what a library call makes, where its arguments fix it, in a script run
(script_run.py; issue 13): host code reads it back to build a spec per weight
(`P(*([None] * w.ndim), reduced=axes)`, `P("model", None) if w.ndim == 2 else P()`), often of a
weight drawn by `jax.random` and scaled by a NumPy number (`normal(key, shape) / np.sqrt(d)`).

On jax 0.10.2 (checked): `normal(key, shape, dtype)`, `uniform(key, shape, dtype, minval,
maxval)` and `randint(key, shape, minval, maxval, dtype)` make arrays of exactly `shape` (a tuple,
a list or an int, which is read as a 1-tuple); without a shape, normal and uniform make a scalar.
Any other sampler (its shape follows broadcast parameters: `bernoulli(key, p)`) has no rank here.
A NumPy math function of a Python number (`np.sqrt(8)`, `np.log(2.0)`) gives a NumPy scalar,
whose ndim is 0, and its jax.numpy twin an array of rank 0 (`jnp.sqrt(1 - a_t)`), as a scalar type
makes of one (`jnp.float32(2.0)`, `np.int32(3)`); `jnp.array([[0, 1], [1, 0]])` of nested lists of numbers has their depth;
`eye` and `identity` make a matrix, `np.unique(x)` (no keywords) a flat array of x's distinct values.
"""
from __future__ import annotations

from codemods.analysis.array_dtypes import SCALAR_TYPES

_SHAPE_SECOND = frozenset({"jax.random.normal", "jax.random.uniform", "jax.random.randint"})
_SCALAR_DEFAULT = frozenset({"jax.random.normal", "jax.random.uniform"})
# (of Python numbers: `jnp.array([0, 1, -1])`, `np.array([1.0, 0.0, -1.0], np.float32)`)
_LITERALS = frozenset({"jax.numpy.array", "jax.numpy.asarray", "numpy.array", "numpy.asarray"})
_EYES = frozenset(f"{module}.{name}" for module in ("numpy", "jax.numpy") for name in ("eye", "identity"))
_NUMPY_MATH = frozenset(f"{module}.{name}" for module in ("numpy", "jax.numpy") for name in (
    "sqrt", "exp", "log", "log2", "log10", "abs", "floor", "ceil", "sin", "cos", "tanh", "square", "cbrt"))


def scalar_rank(name: str, args: list, kwargs: dict) -> int | None:
    """0 for a NumPy math function of one Python number, else None."""
    if name in _NUMPY_MATH and len(args) == 1 and not kwargs and type(args[0]) in (int, float):
        return 0
    if name in _TEXT_LITERALS and len(args) == 1 and not kwargs and (text_list(args[0]) or scalar_list(args[0])):
        return 1  # (`np.array(["orders", "revenue"])`, `np.array([np.mean(g) for g in groups])`: rank 1)
    if name in _LITERALS and 1 <= len(args) <= 2 and set(kwargs) <= {"dtype"}:
        return literal_rank(args[0])
    if name.rpartition(".")[0] in ("numpy", "jax.numpy") and name.rpartition(".")[2] in SCALAR_TYPES \
            and len(args) == 1 and not kwargs and type(args[0]) in (int, float, bool):
        return 0  # (`jnp.float32(2.0)`: an array of rank 0, `np.float32(2.0)` a NumPy scalar)
    if name in _EYES:
        return 2  # (`jnp.eye(n)`, `np.identity(d)`: a matrix whatever its arguments)
    if name == "numpy.unique" and len(args) == 1 and not kwargs:
        return 1  # (the sorted distinct values of the array flattened; with `return_counts=` a tuple)
    return None


def number_rank(run, name: str, args: list, kwargs: dict) -> int | None:
    """0 for a jax.numpy scalar type of one Python number the run does not know the value of
    (`jnp.float32(FP8_MAX / max(float(amax), 1e-6))`): an array of rank 0, as of a known one."""
    from codemods.analysis.unknown_numbers import is_number

    if name.rpartition(".")[0] == "jax.numpy" and name.rpartition(".")[2] in SCALAR_TYPES and len(args) == 1 \
            and not kwargs and is_number(run, args[0]):
        return 0
    return None


_TEXT_LITERALS = frozenset({"numpy.array", "numpy.asarray"})


def text_list(value: object) -> bool:
    """A non-empty flat list or tuple of Python strs (NumPy makes it a rank-1 array of str)."""
    return type(value) in (list, tuple) and 0 < len(value) <= 4096 and all(type(item) is str for item in value)


def scalar_list(value: object) -> bool:
    """A non-empty flat list or tuple of Python numbers and host arrays of rank 0 (one a NumPy
    reduction gives: `np.mean(rows)`), at least one such array: NumPy stacks them in a rank-1 array."""
    from codemods.analysis.script_values import Arr

    return type(value) in (list, tuple) and 0 < len(value) <= 4096 and all(
        type(item) in (int, float, bool) or type(item) is Arr and item.host and item.ndim == 0 for item in value) \
        and any(type(item) is Arr for item in value)


def literal_rank(value: object, depth: int = 0) -> int | None:
    """The rank `jnp.array(value)` has for nested lists or tuples of Python numbers of one length
    per level (a ragged nesting raises); None for anything else."""
    if type(value) in (int, float, bool):
        return 0
    if type(value) not in (list, tuple) or depth > 8 or len(value) > 4096:
        return None
    ranks = {literal_rank(item, depth + 1) for item in value}
    lengths = {len(item) for item in value if type(item) in (list, tuple)}
    if not value or None in ranks or len(ranks) != 1 or len(lengths) > 1:
        return None if value else 1
    return 1 + ranks.pop()


def random_rank(name: str, args: list, kwargs: dict) -> int | None:
    """The rank of `name(*args, **kwargs)`'s result where its shape argument says it, else None."""
    from codemods.analysis.script_operators import shape_rank

    if name not in _SHAPE_SECOND:
        return None
    if len(args) >= 2 and "shape" not in kwargs:
        return shape_rank(args[1])
    if "shape" in kwargs and len(args) <= 1:
        return shape_rank(kwargs["shape"])
    if len(args) == 1 and name in _SCALAR_DEFAULT:
        return 0
    return None


_REDUCING_METHODS = {**{name: frozenset({"dtype"}) for name in ("mean", "sum", "prod")},
                     **{name: frozenset({"dtype", "ddof"}) for name in ("std", "var")},
                     **{name: frozenset() for name in ("max", "min", "any", "all")}}


def reduced_rank(name: str, rank: int | None, args: list, kwargs: dict) -> int | None:
    """The rank of `x.mean(0)`, `x.sum(axis=(0, 1))`, `x.max(keepdims=True)` of an array of known
    rank (NumPy and JAX alike: each reduced dimension dropped, all of them without `axis`, none
    with `keepdims=True`); None for another method, another argument, or an axis out of range
    (which raises)."""
    allowed = _REDUCING_METHODS.get(name)
    if allowed is None or type(rank) is not int or len(args) > 1 or "axis" in kwargs and args \
            or set(kwargs) - {"axis", "keepdims"} - allowed:
        return None
    axis = args[0] if args else kwargs.get("axis")
    keepdims = kwargs.get("keepdims", False)
    if type(keepdims) is not bool:
        return None
    if axis is None:
        dims = list(range(rank))
    elif type(axis) is int:
        dims = [axis]
    elif type(axis) is tuple and all(type(a) is int for a in axis):
        dims = list(axis)
    else:
        return None
    if not all(-rank <= dim < rank for dim in dims) or len({dim % rank for dim in dims}) != len(dims):
        return None
    return rank if keepdims else rank - len(dims)
