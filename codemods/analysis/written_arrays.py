"""The host arrays a NumPy call or an array method may write into (exact_host_arrays.py; adversarial23 X).

NumPy writes into whatever it is handed as `out`, and `out` need not be named: a ufunc's outputs
follow its inputs (`np.add(a, 10, a)` is `np.add(a, 10, out=a)`, `np.divmod(a, 2, q, r)` writes q
and r), functions and methods take it positionally too (`np.clip(a, lo, hi, out)`,
`a.cumsum(axis, dtype, out)`, `a.take(idx, axis, out)`, `a.clip(lo, hi, out)`), a method called
through the class changes its first argument (`np.ndarray.fill(a, 7)` is `a.fill(7)`) and
`a.byteswap(True)` swaps in place. The run does not hold every signature, so it reads the
uncertain side: a ufunc of the table below writes only past its inputs; any other NumPy call may
write into each host array it is handed after its first argument, any array method into each one
it is handed, but for the calls and methods below that take no `out` at all. The values the run
knew of every array that may share memory with one so written are dropped (`changed_in_place`).
"""
from __future__ import annotations

from codemods.analysis.exact_host_arrays import changed_in_place
from codemods.analysis.script_values import Arr

# NumPy ufuncs by their count of inputs: the positional arguments after those are outputs.
_UFUNCS = {**dict.fromkeys((
    "negative", "positive", "absolute", "abs", "fabs", "sqrt", "cbrt", "square", "reciprocal", "exp", "exp2",
    "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "asin", "acos",
    "atan", "sinh", "cosh", "tanh", "arcsinh", "arccosh", "arctanh", "asinh", "acosh", "atanh", "deg2rad",
    "rad2deg", "degrees", "radians", "rint", "floor", "ceil", "trunc", "sign", "signbit", "isnan", "isinf",
    "isfinite", "isnat", "logical_not", "invert", "bitwise_not", "bitwise_invert", "conjugate", "conj",
    "spacing", "modf", "frexp", "bitwise_count"), 1),
    **dict.fromkeys((
        "add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "power", "pow", "float_power",
        "remainder", "mod", "fmod", "divmod", "maximum", "minimum", "fmax", "fmin", "logical_and", "logical_or",
        "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift",
        "bitwise_left_shift", "bitwise_right_shift", "equal", "not_equal", "less", "less_equal", "greater",
        "greater_equal", "arctan2", "atan2", "hypot", "copysign", "nextafter", "ldexp", "heaviside", "gcd", "lcm",
        "logaddexp", "logaddexp2", "matmul", "vecdot", "matvec", "vecmat"), 2)}
# NumPy functions with no `out` that write into none of their arguments.
_NO_OUT = frozenset(f"numpy.{name}" for name in (
    "array", "asarray", "asanyarray", "ascontiguousarray", "where", "isin", "in1d", "searchsorted", "array_equal",
    "array_equiv", "allclose", "isclose", "full", "full_like", "zeros_like", "ones_like", "empty_like", "repeat",
    "tile", "broadcast_to", "broadcast_arrays", "reshape", "unique", "setdiff1d", "intersect1d", "union1d",
    "setxor1d", "digitize", "bincount", "histogram", "meshgrid", "append", "insert", "delete", "roll", "flip",
    "shape", "ndim", "size", "result_type", "can_cast", "interp", "pad", "sort", "argsort", "arange", "linspace"))
# Array methods with no `out` that write into none of their arguments (`__setitem__`'s value is read).
_METHODS_NO_OUT = frozenset((
    "reshape", "astype", "view", "transpose", "copy", "tolist", "item", "tobytes", "searchsorted", "repeat", "fill",
    "put", "setflags", "sort", "argsort", "partition", "argpartition", "nonzero", "flatten", "ravel", "squeeze",
    "swapaxes", "byteswap", "getfield", "setfield", "tofile", "dump", "dumps", "resize", "itemset"))
# NumPy's array methods that work in place and hand back None, by whether they change the values
# (None: `resize` refuses an array another refers to, `itemset` is gone in NumPy 2: not followed).
IN_PLACE_METHODS = {"sort": True, "fill": True, "partition": True, "put": True, "setfield": True, "setflags": False,
                    "resize": None, "itemset": None, "__setitem__": True}
# The augmented-assignment operators of an array (`a.__iadd__(b)` is `a += b`): not `__int__` or `__iter__`.
_IN_PLACE_OPERATORS = frozenset(f"__i{op}__" for op in (
    "add", "sub", "mul", "matmul", "truediv", "floordiv", "mod", "pow", "lshift", "rshift", "and", "xor", "or"))
# Array methods that may change their owner's values in place (besides `byteswap(True)`).
ARRAY_IN_PLACE = frozenset(name for name, changes in IN_PLACE_METHODS.items() if changes is not False)


def _write(run, value: object) -> None:
    if type(value) is tuple:
        for one in value:
            _write(run, one)
    elif type(value) is Arr and value.host:
        changed_in_place(run, value)


def library(run, name: str, args: list, kwargs: dict) -> None:
    """`name(*args, **kwargs)`, a canonical `numpy.` name: drop what it may overwrite."""
    if "out" in kwargs:
        _write(run, kwargs["out"])
    last = name.rpartition(".")[2]
    if name.startswith("numpy.ndarray."):  # (unbound: the owner comes first)
        if args and (last in ARRAY_IN_PLACE or last in _IN_PLACE_OPERATORS or last == "byteswap"
                     and byteswapped(args[1:], kwargs)):
            _write(run, args[0])
        method(run, last, args[1:], kwargs)
        return
    if name.count(".") == 1 and last in _UFUNCS:
        outputs = args[_UFUNCS[last]:]
    elif name in _NO_OUT:
        return
    else:
        outputs = args[1:]
    for value in outputs:
        _write(run, value)


def method(run, name: str, args: list, kwargs: dict) -> None:
    """An array method `name(*args, **kwargs)`: drop what it may overwrite besides its owner."""
    if "out" in kwargs:
        _write(run, kwargs["out"])
    if name in _METHODS_NO_OUT or name.startswith("__") and name.endswith("__"):
        return
    for value in args:
        _write(run, value)


def byteswapped(args: list, kwargs: dict) -> bool:
    """Whether `a.byteswap(*args, **kwargs)` may swap `a` in place (anything but a False flag)."""
    flag = args[0] if args else kwargs.get("inplace", False)
    return flag is not False
