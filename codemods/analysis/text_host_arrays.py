"""NumPy arrays of strs whose every value a script run knows (script_run.py; issue 13).

Functional-style code normalises "an axis name or a tuple of them" by NumPy:
`set(np.atleast_1d(step[1]).tolist())` of `"heads"` or `("batch", "heads")`. NumPy makes a
str array (dtype `<U`n) of exactly those strs, and `.tolist()` gives them back as Python strs,
in order (NumPy 1.21 to 2.x alike). Followed here, and nothing more:
- `np.atleast_1d(s)` of one str: one item; `np.atleast_1d(xs)`, `np.asarray(xs)`, `np.array(xs)`
  of a non-empty flat list or tuple of strs (no keyword): its items; of such an array, its items;
- `.tolist()` of such an array: the list of its strs;
- `np.asarray(s)` or `np.array(s)` of one str: a rank-0 array, whose `.tolist()` is s itself
  (a str).
A str ending in NUL (NumPy drops trailing NULs) is left unknown, and so is every other read of
the array (its items, arithmetic, comparisons): those keep what the run knew of any host array.
The values are kept in a table of the run's, apart from exact_host_arrays.py's numbers, so no
numeric rule ever sees them. A write in place (`A[1] = "i"`, `A.fill`, `np.copyto`, a store
through a view `A[1:][0] = ...`) changes the strs `.tolist()` gives: exact_host_arrays.py's
`changed_in_place` forgets the table with its own when the array written may share their memory.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Seq
from codemods.analysis.script_values import Arr

_MAKERS = frozenset({"numpy.atleast_1d", "numpy.asarray", "numpy.array"})
_LIMIT = 4096


def values(run, arr: object) -> tuple | None:
    """The strs of a rank-1 host array the run knows exactly, else None."""
    if type(arr) is not Arr or not arr.host:
        return None
    found = run.__dict__.get("_text_arrays", {}).get(id(arr))
    return found[1] if found is not None and found[0] is arr and len(found) == 2 else None


def scalar(run, arr: object) -> str | None:
    """The str of a rank-0 host array of one str the run knows exactly, else None."""
    if type(arr) is not Arr or not arr.host:
        return None
    found = run.__dict__.get("_text_arrays", {}).get(id(arr))
    return found[1] if found is not None and found[0] is arr and len(found) == 3 else None


def made(run, name: str, args: list, kwargs: dict, arr: Arr) -> Arr:
    if name not in _MAKERS or len(args) != 1 or kwargs or type(arr) is not Arr or not arr.host:
        return arr
    given = args[0]
    if type(given) is str and name != "numpy.atleast_1d" and not given.endswith("\0"):
        run.__dict__.setdefault("_text_arrays", {})[id(arr)] = (arr, given, "scalar")
        arr.count, arr.ndim = None, 0  # (`np.asarray("u001")`: rank 0, dtype <U4)
        return arr
    if type(given) is str and name == "numpy.atleast_1d":
        held = (given,)
    elif type(given) in (list, tuple, Seq) and 0 < len(given) <= _LIMIT and all(type(item) is str for item in given):
        held = tuple(given)
    elif (same := values(run, given)) is not None:
        held = same  # (`np.atleast_1d(np.array(names))`: the same strs)
    else:
        return arr
    if any(item.endswith("\0") for item in held):
        return arr
    run.__dict__.setdefault("_text_arrays", {})[id(arr)] = (arr, held)
    arr.count, arr.ndim = len(held), 1
    return arr
