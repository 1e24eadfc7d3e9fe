"""The rank of what a library call makes, where its arguments fix it, in a script run
(script_run.py; issue 13): host code reads it back to build a spec per weight
(`P(*([None] * w.ndim), reduced=axes)`, `P("model", None) if w.ndim == 2 else P()`), often of a
weight drawn by `jax.random` and scaled by a NumPy number (`normal(key, shape) / np.sqrt(d)`).

On jax 0.10.2 (checked): `normal(key, shape, dtype)`, `uniform(key, shape, dtype, minval,
maxval)` and `randint(key, shape, minval, maxval, dtype)` make arrays of exactly `shape` (a tuple,
a list or an int, which is read as a 1-tuple); without a shape, normal and uniform make a scalar.
Any other sampler (its shape follows broadcast parameters: `bernoulli(key, p)`) has no rank here.
A NumPy math function of a Python number (`np.sqrt(8)`, `np.log(2.0)`) gives a NumPy scalar,
whose ndim is 0; `jnp.array([[0, 1], [1, 0]])` of nested lists of numbers has their depth.
"""
from __future__ import annotations

_SHAPE_SECOND = frozenset({"jax.random.normal", "jax.random.uniform", "jax.random.randint"})
_SCALAR_DEFAULT = frozenset({"jax.random.normal", "jax.random.uniform"})
_LITERALS = frozenset({"jax.numpy.array", "jax.numpy.asarray"})  # (of Python numbers: `jnp.array([0, 1, -1])`)
_NUMPY_MATH = frozenset(f"numpy.{name}" for name in (
    "sqrt", "exp", "log", "log2", "log10", "abs", "floor", "ceil", "sin", "cos", "tanh", "square", "cbrt"))


def scalar_rank(name: str, args: list, kwargs: dict) -> int | None:
    """0 for a NumPy math function of one Python number, else None."""
    if name in _NUMPY_MATH and len(args) == 1 and not kwargs and type(args[0]) in (int, float):
        return 0
    if name in _LITERALS and 1 <= len(args) <= 2 and set(kwargs) <= {"dtype"}:
        return literal_rank(args[0])
    return None


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
