"""The rank of what `jax.random`'s samplers make in a script run (script_run.py; issue 13): host
code reads it back to build a spec per weight (`P(*([None] * w.ndim), reduced=axes)`).

On jax 0.10.2 (checked): `normal(key, shape, dtype)`, `uniform(key, shape, dtype, minval,
maxval)` and `randint(key, shape, minval, maxval, dtype)` make arrays of exactly `shape` (a tuple,
a list or an int, which is read as a 1-tuple); without a shape, normal and uniform make a scalar.
Any other sampler (its shape follows broadcast parameters: `bernoulli(key, p)`) has no rank here.
"""
from __future__ import annotations

_SHAPE_SECOND = frozenset({"jax.random.normal", "jax.random.uniform", "jax.random.randint"})
_SCALAR_DEFAULT = frozenset({"jax.random.normal", "jax.random.uniform"})


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
