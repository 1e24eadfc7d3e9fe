"""Where drawn host values lie, in a script run (script_run.py; issue 13): labelled-data code
draws its columns, `assets = rng.uniform(10, 100, n)`, `active = np.round(rng.uniform(80, 120,
n) * 0.85 ** period)`, then filters rows with `df.query("assets > 0")`, or tests a drawn scale
with `if scale > 0:`. The values are unknown, but every one of them lies in a known interval, and
a test the interval decides is the same for every draw: all rows kept, the branch taken.

Facts (NumPy 1.26 to 2.4, Generator, RandomState and the np.random module alike):
- `uniform(low, high)` of finite numbers, low <= high: in [low, high] (high itself through
  rounding); `random`, `random_sample`, `ranf`, `sample`, `rand`: in [0, 1);
- `integers(low, high)` / `randint(low, high)` of ints, low < high: in [low, high - 1] (high with
  `endpoint=True`); of one argument: in [0, low - 1]. Invalid parameters raise: no fact then;
- unbounded draws (`normal`, `standard_normal`, ...) and any `dtype=` or `out=`: no fact.
Each value is then finite, never NaN, so an interval is kept only while both bounds are finite
and below 2**53 in size (int64 never wraps, float32 never overflows). `+ - *`, `/` by an interval
without 0, `**` of positive bases, `abs`, `exp`, `sqrt`, `square`, `cos`, `sin`, `round`, `clip`,
`maximum` / `minimum` of a number carry it (every bound pushed outward by 2**-9 of its size, and
bounds nearer 0 than 2**-14 to 0 or past it: float32 and float16 rounding, libm error). A
comparison decided for every value gives a mask of known bools (exact_host_arrays.py), or a
known bool of unknown numbers. Bools are never read (their arithmetic differs).

Any in-place change of a host array (exact_host_arrays.changed_in_place: `a[0] = -5`, `a += 1`,
`np.copyto`) forgets every interval: a view of a drawn array may be written through anything.
"""
from __future__ import annotations

import ast
import math

from codemods.analysis.script_values import Arr, Opaque

_TABLE = "_draw_ranges"
_CAP = float(1 << 53)
_SLACK = 2.0 ** -9
_TINY = 2.0 ** -14
_SMALL_FLOATS = frozenset({"float16", "bfloat16"})
_UNIFORM = frozenset({"random", "random_sample", "ranf", "sample", "rand"})


def _number(value: object) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def _finite(lo: float, hi: float) -> tuple | None:
    if not (math.isfinite(lo) and math.isfinite(hi)) or lo > hi or max(abs(lo), abs(hi)) > _CAP:
        return None
    return (lo, hi)


def _outward(lo: float, hi: float) -> tuple | None:
    """[lo, hi] widened for rounding (see the module's docstring)."""
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return None
    lo, hi = lo - abs(lo) * _SLACK, hi + abs(hi) * _SLACK
    lo = 0.0 if 0 < lo < _TINY else -_TINY if -_TINY < lo < 0 else lo
    hi = 0.0 if -_TINY < hi < 0 else _TINY if 0 < hi < _TINY else hi
    return _finite(lo, hi)


def _note(run, value: object, bounds: tuple | None) -> object:
    if bounds is not None and (type(value) is Opaque or type(value) is Arr and value.host and not (
            value.dtype is not None and value.dtype.name in _SMALL_FLOATS)):
        run.__dict__.setdefault(_TABLE, {})[id(value)] = (value, bounds)
    return value


def bounds(run, value: object) -> tuple | None:
    """(lo, hi) holding every value of `value`: a Python number, an array of known values
    (exact_host_arrays.py), or a value noted here; None where the run cannot tell."""
    if type(value) is bool:
        return None
    if _number(value):
        return (value, value)
    if type(value) is Arr and value.host and value.ndim == 0 and type(value.known) in (int, float):
        return _finite(value.known, value.known)
    if type(value) is Arr:
        from codemods.analysis.exact_host_arrays import values

        held = values(run, value)
        if held and all(type(v) in (int, float) and math.isfinite(v) for v in held):
            return _finite(min(held), max(held))
    if type(value) not in (Arr, Opaque):
        return None
    found = run.__dict__.get(_TABLE, {}).get(id(value))
    return found[1] if found is not None and found[0] is value else None


def forget(run) -> None:
    """A host array was changed in place: no interval is kept."""
    run.__dict__.pop(_TABLE, None)


def drawn(run, name: str, args: list, kwargs: dict, made: object) -> object:
    """`made`, one sample or an array of samples of sampler `name`, noted with its interval."""
    if "dtype" in kwargs or "out" in kwargs:
        return made
    if name in _UNIFORM:
        return _note(run, made, (0.0, 1.0)) if name == "rand" or len(args) + len(kwargs) <= 1 else made
    if name == "uniform":
        given = dict(zip(("low", "high", "size"), args), **kwargs)
        if len(args) > 3 or not set(given) <= {"low", "high", "size"}:
            return made
        low, high = given.get("low", 0.0), given.get("high", 1.0)
        if not (_number(low) and _number(high)) or type(low) is bool or type(high) is bool or low > high \
                or not math.isfinite(float(high) - float(low)):
            return made
        return _note(run, made, _outward(float(low), float(high)))
    if name in ("integers", "randint"):
        names = ("low", "high", "size") + (("dtype", "endpoint") if name == "integers" else ("dtype",))
        given = dict(zip(names, args), **kwargs)
        if len(args) > 3 or not set(given) <= {"low", "high", "size", "endpoint"} or "low" not in given:
            return made
        low, high, closed = given["low"], given.get("high"), given.get("endpoint", False)
        if high is None:
            low, high = 0, low
        if type(low) is not int or type(high) is not int or type(closed) is not bool:
            return made
        high = high if closed else high - 1
        return _note(run, made, _finite(low, high)) if low <= high else made
    return made


def _corners(func, a: tuple, b: tuple) -> tuple | None:
    try:
        found = [func(x, y) for x in a for y in b]
    except (ArithmeticError, ValueError):
        return None
    if not all(type(v) in (int, float) for v in found):
        return None  # (a complex power)
    return _outward(min(found), max(found))


def operated(run, op: type, left: object, right: object, result: object) -> object:
    """`left op right` (a host array or an unknown number) given the interval its operands
    certainly give."""
    if type(result) not in (Arr, Opaque) or type(result) is Arr and not result.host:
        return result
    a, b = bounds(run, left), bounds(run, right)
    if a is None or b is None:
        return result
    if op is ast.Add:
        found = _outward(a[0] + b[0], a[1] + b[1])
    elif op is ast.Sub:
        found = _outward(a[0] - b[1], a[1] - b[0])
    elif op is ast.Mult:
        found = _corners(lambda x, y: x * y, a, b)
    elif op is ast.Div and (b[0] > 0 or b[1] < 0):
        found = _corners(lambda x, y: x / y, a, b)
    elif op is ast.Pow and a[0] > 0 and (type(left) is float or b[0] >= 0):
        found = _corners(lambda x, y: float(x) ** y, a, b)  # (x ** y is monotone in each for x > 0)
    else:
        return result
    return _note(run, result, found)


def unary_operated(run, op: type, operand: object, made: Opaque) -> Opaque:
    """`made`, a new unknown number `-operand`, `+operand` or `~operand` (an int's), noted with
    the interval its operand's gives, moved exactly: -[a, b] is [-b, -a], ~k is -k - 1."""
    a = bounds(run, operand)
    if a is None or type(operand) is not Opaque:
        return made
    found = {ast.USub: (-a[1], -a[0]), ast.UAdd: a, ast.Invert: (-a[1] - 1, -a[0] - 1)}.get(op)
    return _note(run, made, None if found is None else _finite(*found))


def _unary(name: str, a: tuple) -> tuple | None:
    lo, hi = a
    if name in ("abs", "absolute", "fabs"):
        return (max(0.0, lo, -hi), max(-lo, hi))
    if name == "square":
        return _outward(0.0 if lo <= 0 <= hi else min(lo * lo, hi * hi), max(lo * lo, hi * hi))
    if name == "exp" and hi < 700:
        return _outward(math.exp(lo), math.exp(hi))
    if name == "sqrt" and lo >= 0:
        return _outward(math.sqrt(lo), math.sqrt(hi))
    if name in ("cos", "sin"):
        return _outward(-1.0, 1.0)  # (a libm's last-bit error near 1 included)
    if name in ("round", "rint", "around"):
        return _finite(float(math.floor(lo)), float(math.ceil(hi)))
    if name in ("asarray", "array", "copy"):
        return a
    return None


def library(run, name: str, args: list, kwargs: dict, made: object) -> object:
    """`np.round(x)`, `np.exp(x)`, `np.clip(x, lo, hi)`, `np.maximum(x, 0.0)`, ... of a value of
    known interval: `made` noted with the interval of its values."""
    if type(made) is not Arr or not made.host or kwargs or not args or not name.startswith("numpy."):
        return made
    name = name[len("numpy."):]
    a = bounds(run, args[0])
    if a is None or type(args[0]) not in (Arr, Opaque):
        return made
    if len(args) == 1:
        return _note(run, made, _unary(name, a))
    if name == "clip" and len(args) == 3 and _number(args[1]) and _number(args[2]) and args[1] <= args[2]:
        return _note(run, made, _finite(min(max(a[0], args[1]), args[2]), max(min(a[1], args[2]), args[1])))
    if name in ("maximum", "minimum") and len(args) == 2 and (b := bounds(run, args[1])) is not None:
        pick = max if name == "maximum" else min
        return _note(run, made, _finite(pick(a[0], b[0]), pick(a[1], b[1])))
    return made


def method(run, owner: object, name: str, args: list, kwargs: dict, made: object) -> object:
    """`x.round()`, `x.copy()` of a host array of known interval."""
    if type(owner) is Arr and type(made) is Arr and name in ("round", "copy") and not args and not kwargs \
            and (a := bounds(run, owner)) is not None:
        return _note(run, made, _unary(name, a))
    return made


_DECIDERS = {ast.Lt: lambda a, b: (a[1] < b[0], a[0] >= b[1]), ast.LtE: lambda a, b: (a[1] <= b[0], a[0] > b[1]),
             ast.Gt: lambda a, b: (a[0] > b[1], a[1] <= b[0]), ast.GtE: lambda a, b: (a[0] >= b[1], a[1] < b[0]),
             ast.Eq: lambda a, b: (False, a[1] < b[0] or b[1] < a[0]),
             ast.NotEq: lambda a, b: (a[1] < b[0] or b[1] < a[0], False)}


def decided(run, op: type, left: object, right: object) -> bool | None:
    """What `left op right` gives for every value the operands may hold, where it is one answer."""
    a, b = bounds(run, left), bounds(run, right)
    if a is None or b is None or op not in _DECIDERS:
        return None
    always, never = _DECIDERS[op](a, b)
    return True if always else False if never else None


def compared(run, op: type, left: object, right: object, result: object) -> object:
    """A comparison of host arrays or numbers of known intervals that every value answers alike:
    `result` holding that bool for each (a rank-1 array of known length, or a rank-0 one)."""
    from codemods.analysis.exact_host_arrays import known, values

    if type(result) is not Arr or not result.host or values(run, result) is not None \
            or (found := decided(run, op, left, right)) is None:
        return result
    if result.ndim == 0:
        result.known = found
        return result
    if result.ndim == 1 and type(result.count) is int and 0 <= result.count:
        return known(run, result, (found,) * result.count)
    return result


def forget_one(run, array: object) -> None:
    """`array` (of known values, viewed by no other array) was changed in place: its own interval
    is forgotten, the others stay."""
    run.__dict__.get(_TABLE, {}).pop(id(array), None)
