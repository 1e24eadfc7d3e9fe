"""NumPy arrays whose every value a script run knows (script_run.py; issue 13).

A diffusion scheduler sets its timesteps on the host, `(np.arange(0, n) * ratio).round()[::-1]
.astype(np.int64)`, loops `for t in self.timesteps:` and branches on them: `prev_t = t - 1000 //
n`, `alphas[prev_t] if prev_t >= 0 else 1.0`. The sampling loop (and every bug in its model
call) is only reached through those branches, which test the program's own integers: NumPy
computes them exactly, as the run can. Followed here, all on NumPy 2 semantics (NEP 50: a Python
int or float operand is "weak" and takes the array's type; an int64 array with a Python float
gives float64):
- `np.arange(a[, b[, c]])` of Python ints (no keywords): the int64 values of `range(a, b, c)`;
  `np.repeat(a, n)` and `np.unique(a)` of such ints (group labels `np.repeat(np.arange(4), 4)`),
  `np.asarray(a)` of known values;
- `+ - *` of such values with Python ints, floats or other such values (same length, or one of
  rank 0), `//` and `%` of ints by a non-zero int, `/` (float64); results past 2**53 in size, a
  division by zero, a bool or anything else leave the values unknown (the array stays);
- `< <= > >= == !=` against a number: a bool per element (the truth of a rank-0 one is Python's);
- `.round()` (half to even, as `np.rint`), `.copy()`, `.astype(int64 / float64 / int32 in range /
  float / int)` (a float cast to int truncates toward zero, finite only), `.tolist()` and
  `.item()` (Python's numbers), a basic index (an int in range, a slice) and iteration (rank-0
  arrays holding each value).
Labelled-data code (a pasted DataFrame stand-in) groups and filters rows the same way:
`np.tile(a, n)`, `np.unique(a, return_inverse=True)` (labels and each row's group),
`np.array([...])` of Python numbers or of strs, `np.ones(n, dtype=bool)`, `labels == "x"` / `!=`
of a str array, `&` / `|` of known masks and `x[mask]` by a known mask (its rows, as many as its
Trues); an item of a str array is NumPy's `np.str_` (`NumpyText`). `a op= b` writes into a:
its old values, and where it may share memory any known array's, are forgotten.
Rank-0 arrays keep the value in `Arr.known`, as host_reductions.py does (`int(t)`, `float(t)`
read it); rank-1 arrays in a table of the run's, beside the array (kept alive with it).
Anything else about the array (its device, its layout) is what the run knew already.
"""
from __future__ import annotations

import ast
import math
import operator

from codemods.analysis import draw_ranges
from codemods.analysis.host_objects import Bail
from codemods.analysis.numpy_ranges import arange_count
from codemods.analysis.numpy_scalars import scalar
from codemods.analysis.script_values import Arr
from codemods.analysis.text_host_arrays import scalar as text_scalar, values as text_values

_LIMIT = 1 << 16  # values kept per array
# NumPy constructors whose array is new (its own memory, writeable).
_FRESH = frozenset(f"numpy.{name}" for name in ("arange", "zeros", "ones", "empty", "full", "zeros_like", "ones_like",
                                                "empty_like", "full_like", "linspace", "eye", "identity", "copy"))
_READ_ONLY = "_read_only_made"  # (an array's flags were set: a view of it may be read-only)
_EXACT = 2 ** 53  # ints past this (and int64 wrap-around) are not followed
_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
        ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod,
        ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge,
        ast.Eq: operator.eq, ast.NotEq: operator.ne}  # (orderings give bools, which `_apply` passes)


class NumpyText(str):
    """An item of an array of strs: NumPy's `np.str_`, a str of its own type (`isinstance(t, np.str_)`
    holds, `type(t) is str` does not); its text hashes and compares as the str's."""

    __slots__ = ()


def values(run, arr: object) -> tuple | None:
    """The values of a rank-1 host array the run knows exactly, else None."""
    if type(arr) is not Arr or not arr.host:
        return None
    found = run.__dict__.get("_exact_arrays", {}).get(id(arr))
    return found[1] if found is not None and found[0] is arr else None


def _scalar(arr: object) -> object:
    """A rank-0 host array's exact int or float (not a bool), else None."""
    if type(arr) is Arr and arr.host and arr.ndim == 0 and type(arr.known) in (int, float):
        return arr.known
    return None


def known(run, arr: Arr, held: tuple) -> Arr:
    """`arr`, a new rank-1 host array, noted as holding `held` (draw_ranges.py: a mask every
    drawn value answers alike)."""
    return _keep(run, arr, held)


def _keep(run, arr: Arr, held: tuple | None) -> Arr:
    if held is not None and len(held) <= _LIMIT and (all(_fits(v) for v in held) or held and all(type(v) is str for v in held)):
        run.__dict__.setdefault("_exact_arrays", {})[id(arr)] = (arr, held)
        arr.count, arr.ndim = len(held), 1
    return arr


def changed_in_place(run, array: object) -> None:
    """`array` (or an array handed as `out=`, a tuple of them; None: one the caller cannot name)
    was changed in place (`a[0] = 9`, `a.sort()`, `rng.shuffle(a)`). When it may share a known
    array's memory (`shares_known`), no known array's values are kept: a slice is a view,
    `np.asarray` hands the same array back, `k.T` and `k.reshape(2, 2)` are views. A change to an
    array made apart from them (a fresh `out = np.empty_like(x)` filled row by row) leaves them be."""
    draw_ranges.forget(run)  # (a view of a drawn array may be written through any array)
    run.__dict__.pop("_device_arrays", None)  # (a device laid out twice: device_arrays.py)
    for one in array if type(array) is tuple else (array,):
        if type(one) is Arr and one.ndim == 0:
            one.known = None
        if one is None or shares_known(run, one):
            run.__dict__.pop("_exact_arrays", None)
            run.__dict__.pop("_known_views", None)
            run.__dict__.pop("_text_arrays", None)  # (text_host_arrays.py: `A[1] = "i"` changes its strs too)


def written_through(run, left: Arr, result: object) -> object:
    """`left op= right` of a host array: NumPy writes the result into `left`'s own memory, so
    every array that may share it (`b = a[:2]; b += 10` changes `a`) is changed in place. The
    result keeps its values where they have the type `left`'s had (an int array stays int)."""
    before, after = values(run, left), values(run, result) if type(result) is Arr else None
    if before is not None and left.ndim != 0 and run.__dict__.get("_sharing_arrays", {}).get(id(left)) is not left:
        run.__dict__.get("_exact_arrays", {}).pop(id(left), None)  # (known, and no other known array views it)
        draw_ranges.forget_one(run, left)  # (no drawn array is a view of an array of known values)
    else:
        changed_in_place(run, left)
    if before is not None and after is not None and len(before) == len(after) \
            and all(type(old) is type(new) for old, new in zip(before, after)):
        _keep(run, result, after)
    return result


def writeable(run, arr: object) -> bool:
    """Whether NumPy certainly lets the program change `arr` in place: a NumPy constructor, a
    sampler or a copy made it anew (`np.arange(n)`, `rng.permutation(n)`, `x.copy()`), or the run
    knows its values (which only such arrays and views of them have). Not so `np.asarray` of a
    JAX array, `np.broadcast_to`, `np.frombuffer`: read-only, NumPy raises ValueError."""
    found = run.__dict__.get("_fresh_arrays", {}).get(id(arr))
    fresh = found is not None and found is arr
    return fresh or values(run, arr) is not None and not run.__dict__.get(_READ_ONLY)


def made_read_only(run, arr: object) -> None:
    """`arr.setflags(...)` may have made `arr` read-only, and so every view taken of it later:
    from here on only an array made anew is taken as writeable (adversarial26 follow-up)."""
    run.__dict__[_READ_ONLY] = True
    run.__dict__.get("_fresh_arrays", {}).pop(id(arr), None)


def _fresh(run, arr: object) -> object:
    if type(arr) is Arr and arr.host:
        run.__dict__.setdefault("_fresh_arrays", {})[id(arr)] = arr
    return arr


def shares_known(run, arr: object) -> bool:
    """Whether `arr` may share the memory of an array of known values (numbers here, or strs:
    text_host_arrays.py): it is one, or the run made it from one (or from such an array) by a
    step it did not compute (`derived`)."""
    found = run.__dict__.get("_known_views", {}).get(id(arr))
    return values(run, arr) is not None or text_values(run, arr) is not None or text_scalar(run, arr) is not None \
        or found is not None and found is arr


def derived(run, sources: list, made: object) -> object:
    """`made`, read off or computed from `sources` with values the run does not know: noted as
    maybe a view of a known array's memory where one of the sources may share it."""
    if type(made) is Arr and made.host and values(run, made) is None \
            and any(type(source) is Arr and shares_known(run, source) for source in sources):
        run.__dict__.setdefault("_known_views", {})[id(made)] = made
    return made


def derived_parts(run, sources: list, made: object) -> object:
    """`derived` for each array of a call returning several (`np.split(A, 2)`: each part is a view
    of A, so a store into a part changes A; adversarial24 V)."""
    for part in made if type(made) in (tuple, list) else (made,):
        derived(run, sources, part)
    return made


def _fits(value: object) -> bool:
    return type(value) in (float, bool) or type(value) is int and -_EXACT <= value <= _EXACT


def element(holder: Arr, value: object) -> Arr:
    """A rank-0 host array holding `value` (an item of `holder`)."""
    made = scalar(Arr(None, True, ndim=0, dtype=holder.dtype), holder)  # (`a[1]` of a vector: a NumPy scalar, numpy_scalars.py)
    if _fits(value) or type(value) is bool:
        made.known = value
    return made


def made(run, name: str, args: list, kwargs: dict, arr: Arr) -> Arr:
    """`np.arange` of Python ints: its values; `np.repeat(a, n)` of known ints and a Python int
    (each item n times), `np.unique(a)` of known ints (sorted, once each)."""
    if name in _FRESH or name == "numpy.array" and "copy" not in kwargs:
        _fresh(run, arr)
    if name == "numpy.arange" and not kwargs and 1 <= len(args) <= 3 and all(type(a) is int for a in args) \
            and (count := arange_count(args)) is not None and count == len(range(*args)) and count <= _LIMIT:
        # (NumPy counts with a float division: past 2**53 `range` may hold one more; numpy_ranges.py)
        return _keep(run, arr, tuple(range(*args)))
    if name in ("numpy.ones", "numpy.zeros") and len(args) == 1 and type(args[0]) is int and 0 <= args[0] <= _LIMIT \
            and set(kwargs) == {"dtype"} and arr.dtype is not None and arr.dtype.name == "bool":
        return _keep(run, arr, (name == "numpy.ones",) * args[0])  # (a mask to narrow: `np.ones(n, dtype=bool)`)
    if name in ("numpy.array", "numpy.asarray") and len(args) == 1 and not kwargs and type(args[0]) in (list, tuple) \
            and args[0] and all(type(v) is str for v in args[0]):
        return _keep(run, arr, tuple(args[0]))  # (`np.array(["counts", "tfidf"])`: labels to pick rows by)
    if name in ("numpy.array", "numpy.asarray") and len(args) == 1 and not kwargs and type(args[0]) in (list, tuple) \
            and args[0] and all(type(v) in (int, float) for v in args[0]):
        floats = any(type(v) is float for v in args[0])  # (ints among floats become floats: one dtype)
        return _keep(run, arr, tuple(float(v) if floats else v for v in args[0]))  # (`np.array([20.0, 500.0])`)
    if name == "numpy.linspace" and len(args) == 3 and not kwargs and (spaced := _spaced(*args)) is not None:
        return _keep(run, arr, spaced)  # (`np.linspace(0, n_old - 1, n_new)`: rows to pick)
    held = _ints(run, args[0]) if args and not kwargs else None
    if name == "numpy.repeat" and held is not None and len(args) == 2 and type(args[1]) is int \
            and 0 <= args[1] and len(held) * args[1] <= _LIMIT:
        return _keep(run, arr, tuple(v for v in held for _ in range(args[1])))
    if name == "numpy.unique" and held is not None and len(args) == 1:
        return _keep(run, arr, tuple(sorted(set(held))))
    if name == "numpy.tile" and held is not None and len(args) == 2 and type(args[1]) is int \
            and 0 <= args[1] and len(held) * args[1] <= _LIMIT:
        return _keep(run, arr, held * args[1])  # (a rank-1 array laid end to end n times)
    if name in ("numpy.asarray", "numpy.array") and len(args) == 1 and not kwargs and type(args[0]) is Arr \
            and (same := values(run, args[0])) is not None:
        return _sharing(run, args[0], _keep(run, arr, same))  # (`np.asarray(groups)`: the same values)
    return derived(run, [*args, *kwargs.values()], arr)


def _spaced(start: object, stop: object, num: object) -> tuple | None:
    """`np.linspace(start, stop, num)` of finite Python numbers (float64, endpoint included, at
    least 2 values): NumPy's own values, `float(i) * step + start` in two roundings with `step =
    (stop - start) / (num - 1)` (`float(i) / (num - 1) * (stop - start) + start` where that step
    is 0), and the last `stop` itself."""
    if not all(type(a) in (int, float) and abs(a) < _EXACT and math.isfinite(a) for a in (start, stop)) \
            or type(num) is not int or not 2 <= num <= _LIMIT:
        return None
    first, last = float(start), float(stop)
    delta, div = last - first, num - 1
    step = delta / div
    if step == 0:
        return tuple(float(i) / div * delta + first for i in range(div)) + (last,)
    return tuple(float(i) * step + first for i in range(div)) + (last,)


def unique_inverse(run, args: list, kwargs: dict) -> tuple | None:
    """`np.unique(a, return_inverse=True)` of known ints: the sorted values, once each, and for
    each item of `a` the position of its value among them (both arrays of known values)."""
    held = _ints(run, args[0]) if len(args) == 1 and type(args[0]) is Arr else None
    if held is None or kwargs != {"return_inverse": True}:
        return None
    keys = tuple(sorted(set(held)))
    where = {v: i for i, v in enumerate(keys)}
    return (_keep(run, Arr(None, True, dtype=args[0].dtype), keys),
            _keep(run, Arr(None, True), tuple(where[v] for v in held)))


def _ints(run, value: object) -> tuple | None:
    """The values of a rank-1 array of known ints, or of a flat list or tuple of Python ints."""
    held = values(run, value) if type(value) is Arr else tuple(value) if type(value) in (list, tuple) else None
    return held if held is not None and all(type(v) is int for v in held) else None


def _operand(run, value: object) -> tuple[str, object] | None:
    """("array", values), ("scalar", value) or None: what an operand holds, where exact."""
    if type(value) in (int, float):
        return ("number", value)
    if (held := values(run, value)) is not None:
        return ("array", held) if not any(type(v) in (bool, str) for v in held) else None  # (bool arithmetic differs)
    if (one := _scalar(value)) is not None:
        return ("scalar", one)
    return None


def _apply(op, a: object, b: object, ints_only: bool) -> object:
    if ints_only and not (type(a) is int and type(b) is int):
        raise ArithmeticError
    if op in (operator.floordiv, operator.mod, operator.truediv) and b == 0:
        raise ArithmeticError  # (NumPy warns and gives 0, inf or nan: not followed)
    found = op(a, b)
    if type(found) is int and not -_EXACT <= found <= _EXACT:
        raise ArithmeticError
    return found


def operated(run, op: type, left: object, right: object, result: object) -> object:
    """`left op right` of exact host values, an ordering among them (bools): `result` (the run's
    array) given them."""
    func = _OPS.get(op)
    if func is None or type(result) is not Arr or not result.host:
        return result
    sides = (_operand(run, left), _operand(run, right))
    if None in sides or all(side[0] == "number" for side in sides):
        return result
    ints_only = op in (ast.FloorDiv, ast.Mod)
    try:
        return _combined(run, lambda a, b: _apply(func, a, b, ints_only), sides, result)
    except ArithmeticError:
        return result


def compared(run, op: type, left: object, right: object, result: object) -> object:
    """An ordering of exact host values (bools, as `operated` walks them), or `==` / `!=` of an
    array of known strs with a str: a bool per label."""
    if op in (ast.Eq, ast.NotEq) and type(result) is Arr and result.host:
        texts, other = (values(run, left), right) if type(right) is str else (values(run, right), left)
        if type(other) is str and texts and all(type(v) is str for v in texts):
            return _keep(run, result, tuple((v == other) == (op is ast.Eq) for v in texts))
    return operated(run, op, left, right, result)


def _sharing(run, source: Arr, made: Arr) -> Arr:
    """`made` may share `source`'s memory (a slice, `np.asarray` of an array): both noted, so that
    a change in place to either forgets every known array's values (`written_through`). The run
    makes no other array of known values that shares memory (arithmetic, masks, casts and
    copies make new arrays; other views have unknown values: `derived`)."""
    if values(run, made) is not None:
        shared = run.__dict__.setdefault("_sharing_arrays", {})
        shared[id(source)], shared[id(made)] = source, made
    return made


def masks_combined(run, op: type, left: object, right: object, result: object) -> object:
    """`a & b` / `a | b` of boolean arrays of known values and one length: their bools."""
    a, b = values(run, left), values(run, right)
    if op not in (ast.BitAnd, ast.BitOr) or type(result) is not Arr or not result.host or a is None or b is None \
            or len(a) != len(b) or not all(type(v) is bool for v in (*a, *b)):
        return result
    return _keep(run, result, tuple((x and y) if op is ast.BitAnd else (x or y) for x, y in zip(a, b)))


def _combined(run, func, sides: tuple, result: Arr) -> Arr:
    (left_kind, a), (right_kind, b) = sides
    if left_kind == right_kind == "array":
        if len(a) != len(b):
            return result  # (NumPy raises: the run's own check stands)
        return _keep(run, result, tuple(func(x, y) for x, y in zip(a, b)))
    if left_kind == "array":
        return _keep(run, result, tuple(func(x, b) for x in a))
    if right_kind == "array":
        return _keep(run, result, tuple(func(a, y) for y in b))
    found = func(a, b)
    if result.ndim == 0 and (_fits(found) or type(found) is bool):
        result.known = found
    return result


def truth(value: Arr) -> bool | None:
    """The truth of a rank-0 host array whose value the run knows, else None."""
    if value.host and value.ndim == 0 and type(value.known) in (int, float, bool):
        return bool(value.known)
    return None


def item(run, holder: Arr, key: object, fallback: Arr) -> object:
    """`holder[key]` of an array of known values: an int in range or a slice."""
    held = values(run, holder)
    if held is None:
        return derived(run, [holder], fallback)
    if type(key) is Arr and type(_scalar(key)) is int:
        key = key.known
    if type(key) is int:
        if not -len(held) <= key < len(held):
            raise Bail  # (IndexError: not followed)
        return NumpyText(held[key]) if type(held[key]) is str else element(holder, held[key])
    if type(key) is slice and all(part is None or type(part) is int for part in (key.start, key.stop, key.step)) \
            and key.step != 0:
        return _sharing(run, holder, _keep(run, Arr(None, True, dtype=holder.dtype), held[key]))
    return derived(run, [holder], fallback)


def masked(run, holder: Arr, mask: object) -> Arr | None:
    """`holder[mask]` by a boolean mask whose values the run knows, as long as the holder's leading
    size (else NumPy raises IndexError): the rows where it holds True, as many as its Trues; None
    for any other index."""
    held = values(run, mask) if type(mask) is Arr else None
    if held is None or not held or not all(type(v) is bool for v in held) or holder.count != len(held) \
            or holder.ndim is None:
        return None
    rows = values(run, holder)
    made = Arr(None, holder.host, sum(held), holder.ndim, dtype=holder.dtype)
    if rows is not None and holder.ndim == 1:
        return _keep(run, made, tuple(v for v, keep in zip(rows, held) if keep))
    return derived(run, [holder], made)


def items(run, value: Arr) -> list | None:
    """What iterating an array of known values gives: a rank-0 array per value."""
    held = values(run, value)
    return None if held is None else [element(value, v) for v in held]


def method(run, owner: object, name: str, args: list, kwargs: dict, result: object) -> object:
    """`owner.round()`, `.copy()`, `.astype(...)`, `.tolist()`, `.item()` of known values."""
    if owner is None or name == "copy" or name == "astype" and "copy" not in kwargs:
        _fresh(run, result)  # (a sampler's new array, a copy)
    held = values(run, owner)
    one = _scalar(owner)
    if held is None and one is None:
        return derived(run, [owner], result)
    whole = held if held is not None else (one,)
    if name == "tolist" and not args and not kwargs:
        return list(whole) if held is not None else one
    if name == "item" and not args and not kwargs and len(whole) == 1:
        return whole[0]
    if type(result) is not Arr:
        return result
    if any(type(v) in (bool, str) for v in whole):
        return derived(run, [owner], result)
    if name == "copy" and not args and not kwargs:
        changed = whole
    elif name == "round" and not args and not kwargs:
        if not all(type(v) is int or math.isfinite(v) for v in whole):
            return result
        changed = tuple(v if type(v) is int else float(round(v)) for v in whole)
    elif name == "astype" and len(args) == 1 and not kwargs and result.dtype is not None:
        changed = _cast(whole, result.dtype.name)
    else:
        return derived(run, [owner], result)
    if changed is None:
        return derived(run, [owner], result)
    if held is not None:
        return _keep(run, result, changed)
    result.known = changed[0]
    return result


def _cast(whole: tuple, dtype: str | None) -> tuple | None:
    if dtype in ("int64", "int32"):
        if not all(type(v) is int or math.isfinite(v) for v in whole):
            return None
        cast = tuple(int(v) for v in whole)  # (toward zero, as NumPy)
        bound = 2 ** 31 if dtype == "int32" else _EXACT
        return cast if all(-bound <= v < bound for v in cast) else None
    if dtype == "float64":
        return tuple(float(v) for v in whole)
    return None
