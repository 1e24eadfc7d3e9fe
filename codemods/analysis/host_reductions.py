"""NumPy reductions of plain Python integers in a script run (script_run.py; issue 13): the device
count a launcher asks for is written `int(np.prod(config["mesh_shape"]))`, and the list of
resource bundles `[{"CPU": 1}] * int(np.prod(shape))` follows from it.

`np.prod(xs)` and `np.sum(xs)` of a non-empty flat tuple or list of ints (bools count as 0 and 1,
as NumPy reads them) give a NumPy int64 scalar: a host array of rank 0 whose value the run knows
exactly when it fits int64 (NumPy wraps around past it, silently: then the value is left unknown;
within it, int64 arithmetic modulo 2**64 gives the exact result).
Only `int(...)` and `float(...)` read the value back (script_builtins.py); everything else treats
the result as any host array. Floats, an empty sequence (`np.prod(())` is the float 1.0), nested
sequences, arrays, `axis=`/`dtype=` keywords: the result stays an unknown host array as before.

A launcher picks an axis by its parallelism, `AXES[int(np.argmax(par))]`: `np.argmax` /
`np.argmin` of such a list give the int64 index of the first largest / smallest item (NumPy's
tie rule), `np.max` / `np.min` (`amax`, `amin`) the item, exactly; bools are left out (a list of
bools only makes a bool array, whose max is a NumPy bool) and an empty list raises in NumPy, so
both stay unknown.
"""
from __future__ import annotations

import math

from codemods.analysis.numpy_scalars import scalar
from codemods.analysis.script_values import Arr

_INT64 = 2 ** 63


_WHOLE = frozenset(f"numpy.{name}" for name in ("mean", "sum", "prod", "max", "min", "std", "var", "median", "all",
                                                "any", "amax", "amin", "average"))


# (`max` returns the first of equal items, as NumPy's argmax does)
_PICKED = {"numpy.argmax": lambda xs: max(range(len(xs)), key=xs.__getitem__),
           "numpy.argmin": lambda xs: min(range(len(xs)), key=xs.__getitem__),
           "numpy.max": max, "numpy.amax": max, "numpy.min": min, "numpy.amin": min}


def exact_reduction(name: str, args: list, kwargs: dict) -> Arr | None:
    """`np.prod(xs)` / `np.sum(xs)` of plain ints: the host scalar with its value; `np.mean(x)`
    of a NumPy array, over all of it (no `axis=`): a NumPy scalar of unknown value (a grader's
    fraction of close entries); else None."""
    if name in _WHOLE and len(args) == 1 and not kwargs and type(args[0]) is Arr and args[0].host:
        return scalar(Arr(None, True, ndim=0), args[0])  # (a NumPy scalar, no ndarray: numpy_scalars.py)
    if name in _PICKED and len(args) == 1 and not kwargs and type(args[0]) in (tuple, list) and args[0] \
            and all(type(item) is int and -_INT64 <= item < _INT64 for item in args[0]):
        made = scalar(Arr(None, True, ndim=0), args[0])
        made.known = _PICKED[name](args[0])
        return made
    if name not in ("numpy.prod", "numpy.sum") or len(args) != 1 or kwargs or type(args[0]) not in (tuple, list):
        return None
    items = args[0]
    if not items or not all(type(item) in (int, bool) and -_INT64 <= item < _INT64 for item in items):
        return None  # (an int past int64 makes NumPy hold Python objects, or raise)
    value = math.prod(int(item) for item in items) if name == "numpy.prod" else sum(int(item) for item in items)
    made = scalar(Arr(None, True, ndim=0), args[0])
    if -_INT64 <= value < _INT64:  # (int64 arithmetic is modulo 2**64: a result in range is exact)
        made.known = value
    return made
