"""The rank and leading size of host arrays in a script run (script_run.py; issue 13).

Scripts loop over schedules built with NumPy (`for t in scheduler.timesteps:` of
`(np.arange(0, n) * ratio).round()[::-1].astype(np.int64)`) and build specs from ranks
(`P(dp, *([None] * (v.ndim - 1)))` of `v = batch[k][i:i + bs]`, `masked = rng.random((n, s)) < 0.3`).
Both are fixed by the program's own numbers: NumPy gives the result of an elementwise operation
with a scalar the array's shape, a basic index (ints, slices, None, one Ellipsis) a shape fixed by
the index, and `arange`/`linspace` as many items as their arguments say. Anything else (two
arrays broadcast together, an array as an index, an unknown number) leaves the size unknown; the
run then stops where it needs it, as before.
"""
from __future__ import annotations

import ast

from codemods.analysis.numpy_ranges import arange_count
from codemods.analysis.passed_steps import sliced_count
from codemods.analysis.result_ranks import literal_rank, scalar_list, text_list
from codemods.analysis.script_values import Arr

_SCALARS = (int, float, bool)
# Methods whose result has the receiver's shape.
SHAPE_KEEPING = frozenset({"astype", "copy", "block_until_ready", "round", "clip", "conj", "__abs__"})


_SIZE_AT = {"random": 0, "standard_normal": 0, "normal": 2, "uniform": 2, "integers": 2,
            # (numpy.random.Generator's distributions: the output's shape is `size`, wherever given)
            "standard_t": 1, "exponential": 1, "standard_exponential": 0, "gamma": 2, "standard_gamma": 1,
            "beta": 2, "poisson": 1, "binomial": 2, "lognormal": 2, "laplace": 2, "logistic": 2, "gumbel": 2,
            "chisquare": 1, "standard_cauchy": 0, "rayleigh": 1, "geometric": 1, "pareto": 1, "power": 1,
            "weibull": 1, "zipf": 1, "logseries": 1, "vonmises": 2, "wald": 2, "f": 2, "noncentral_chisquare": 2,
            "negative_binomial": 2, "triangular": 3, "noncentral_f": 3, "hypergeometric": 3}


def generated_size(method: str, args: list, kwargs: dict) -> object:
    """The `size` a NumPy generator method is given (`rng.random((n, s))`, `rng.normal(size=...)`),
    `()` for one sample of plain numbers, or None."""
    if method == "choice":
        return _choice_size(args, kwargs)
    at = _SIZE_AT.get(method)
    if at is None:
        return None
    if "size" in kwargs:
        return kwargs["size"] if len(args) <= at else None
    if len(args) > at:
        return args[at]
    if "out" not in kwargs and all(type(value) in _SCALARS for value in [*args, *(
            v for k, v in kwargs.items() if k != "dtype")]):
        return ()  # (no size, plain numbers: one sample, `rng.uniform()`, of shape ())
    return None


def _choice_size(args: list, kwargs: dict) -> object:
    """`rng.choice(a, size)` of a positive int, a flat list of numbers or a host vector of known,
    positive length, without `p=` (each draw one of its items; NumPy refuses an empty pool): `size`,
    positionally or by name, beside `replace=True` and `p=` only; else None."""
    a = args[0] if args else None
    flat = type(a) in (list, tuple) and a and all(type(v) in _SCALARS for v in a) or type(a) is int and a > 0 \
        or type(a) is Arr and a.host and a.ndim == 1 and type(a.count) is int and a.count > 0 and "p" not in kwargs
    size = args[1] if len(args) == 2 and "size" not in kwargs else kwargs.get("size") if len(args) == 1 else None
    if not flat or size is None or not set(kwargs) <= {"size", "p"} | ({"replace"} if kwargs.get("replace") is True else set()):
        return None
    return size


def reshaped_count(args: list) -> int | None:
    """The leading size `x.reshape(16, 4)` / `x.reshape((16, 4))` gives (-1: unknown here)."""
    shape = args[0] if len(args) == 1 and type(args[0]) in (tuple, list) else args
    return shape[0] if shape and type(shape[0]) is int and shape[0] >= 0 else None


# Evenly spaced samples: `num` of them (50 unless given), whatever the end points (geomspace
# raises ValueError on a zero end point).
_SPACED = ("numpy.linspace", "numpy.logspace", "numpy.geomspace")


_CONVERTERS = frozenset({"numpy.asarray", "numpy.array", "numpy.ascontiguousarray", "jax.numpy.asarray",
                         "jax.numpy.array"})


def converted_source(name: str, args: list, kwargs: dict) -> Arr | None:
    """The array `np.asarray(x)`, `np.array(x, np.float32)`, `jnp.asarray(x)` converts: what they
    make has its rank and leading size (`ndmin=`, `order=` and other keywords: not read)."""
    if name in _CONVERTERS and len(args) in (1, 2) and type(args[0]) is Arr and set(kwargs) <= {"dtype", "copy"} \
            and not (len(args) == 2 and "dtype" in kwargs):
        return args[0]
    return None


def numpy_count(name: str, args: list, kwargs: dict) -> int | None:
    """The leading size of what `np.arange(0, n)`, `np.linspace(a, b, n)`, `np.ones((n, d))` build."""
    if (source := converted_source(name, args, kwargs)) is not None:
        return source.count
    if name in _CONVERTERS and len(args) == 1 and set(kwargs) <= {"dtype"} and type(args[0]) in (list, tuple) and (
            (literal_rank(args[0]) or 0) >= 1 or not kwargs and name.startswith("numpy.") and (
                text_list(args[0]) or scalar_list(args[0]))):
        return len(args[0])  # (`np.array([20.0, 500.0, 60.0])`: one row per item)
    if name == "numpy.arange" and 1 <= len(args) <= 3 and set(kwargs) <= {"dtype"} \
            and all(type(a) is int for a in args):
        return arange_count(args)  # (NumPy's float count: numpy_ranges.py)
    if name in _SPACED and len(args) >= 2 and all(type(a) in (int, float) for a in args[:2]):
        num = args[2] if len(args) > 2 else kwargs.get("num", 50)
        allowed = {"num", "dtype", "endpoint", "base"} if name == "numpy.logspace" else {"num", "dtype", "endpoint"}
        if len(args) <= 3 and set(kwargs) <= allowed and type(num) is int and num >= 0 \
                and type(kwargs.get("base", 10.0)) in (int, float) and (name != "numpy.geomspace" or 0 not in args[:2]):
            return num
        return None
    if name in ("numpy.ones", "numpy.zeros", "numpy.empty", "numpy.full") and args:
        shape = args[0]
        if type(shape) is int and shape >= 0:
            return shape
        if type(shape) in (tuple, list) and shape and type(shape[0]) is int and shape[0] >= 0:
            return shape[0]
    return None


def with_scalar(left: object, right: object) -> tuple[int | None, int | None]:
    """(count, ndim) of an elementwise operation or comparison of an array with a plain number."""
    if type(left) is Arr and type(right) in _SCALARS:
        return left.count, left.ndim
    if type(right) is Arr and type(left) in _SCALARS:
        return right.count, right.ndim
    if type(left) is Arr and type(right) is Arr and left.ndim == right.ndim == 1 and type(left.count) is int \
            and left.count == right.count:
        return left.count, 1  # (two vectors of one length, `d["income"] / d["assets"]`: one more)
    return None, None


def indexed(holder: Arr, parts: list) -> tuple[int | None, int | None]:
    """(count, ndim) of `holder[parts]`; each part is a slice object, an int, None, Ellipsis or
    anything else (an array, an unknown number: then nothing is known)."""
    listed = [p for p in parts if type(p) is list]
    if len(listed) == 1 and listed[0] and all(type(i) is int for i in listed[0]):
        # one integer list (`R[:, [0, 2]]`): its dimension stays, as long as the list
        count, ndim = indexed(holder, [slice(None) if type(p) is list else p for p in parts])
        return (len(listed[0]) if parts[0] is listed[0] else count), ndim
    if holder.ndim is None or any(not (type(p) in (slice, int) or p is None or p is Ellipsis) for p in parts):
        return None, None
    if sum(p is Ellipsis for p in parts) > 1:
        return None, None
    used = sum(type(p) in (slice, int) for p in parts)
    if used > holder.ndim:
        return None, None  # (IndexError in the program)
    ndim = holder.ndim - sum(type(p) is int for p in parts) + sum(p is None for p in parts)
    count = sliced_count(holder.count, parts[0]) if parts and type(parts[0]) is slice else None
    return count, ndim


_WHERE = ("numpy.where", "jax.numpy.where")


def broadcast_rank(values: list) -> int | None:
    """The rank of an elementwise result of arrays (`.ndim` known) and Python numbers."""
    ranks = set()
    for value in values:
        if type(value) is Arr:
            ranks.add(value.ndim)
        elif type(value) in _SCALARS:
            ranks.add(0)
        else:
            return None
    return None if None in ranks or not ranks else max(ranks)


def where_rank(name: str, args: list, kwargs: dict) -> int | None:
    """`np.where(mask, 0, text)`: the broadcast of its three arguments; `np.asarray(x)`: x's rank."""
    if (source := converted_source(name, args, kwargs)) is not None:
        return source.ndim
    if name in _WHERE and len(args) == 3 and not kwargs:
        return broadcast_rank(args)
    return None


def sliced_rank(rank: int | None, index: ast.expr) -> int | None:
    """`v[i:i + batch]`, `x[:, 1:]`: basic slices in every place keep the rank (an integer, a
    mask, `None` or `...` there would change it: unknown)."""
    parts = index.elts if type(index) is ast.Tuple else [index]
    if rank is None or not all(type(part) is ast.Slice for part in parts) or len(parts) > rank:
        return None
    return rank

