"""A list or tuple indexed by an integer the run does not know, in a script run (script_run.py;
issue 13).

Data set builders pick per sample from small tables: `sizes[t]` and `OFFSETS[t]` for each `t`
of `rng.integers(0, len(sizes), batch)`. The run does not know `t`, but it knows what Python does
with a NumPy integer index: it either raises (IndexError: the program stops there, and no later
line runs) or gives one of the items. When every item is a Python number, the item given is a
number the run does not know (unknown_numbers.py), whichever it is; a run that goes on has passed
the step (passed_steps.py: only where no handler can catch the IndexError). Only a host array
of rank 0 whose dtype is certainly an integer type indexes so (a float index always raises
TypeError: a run that went on would be one the program never makes); anything else stops the run
as before.
"""
from __future__ import annotations

from codemods.analysis.array_dtypes import DType
from codemods.analysis.script_values import Arr

_LONGEST = 4096


def _integer_scalar(key: object) -> bool:
    dtype = key.dtype if type(key) is Arr else None
    return type(key) is Arr and key.host and key.ndim == 0 and type(dtype) is DType \
        and dtype.name is not None and dtype.kind in ("i", "u")


def row(array: Arr) -> Arr:
    """An item of iterating `array` (its rows): a NumPy array's rows keep its dtype, one rank fewer
    (`for t in rng.integers(0, 3, 16)`: NumPy integers of rank 0)."""
    if not array.host or type(array.ndim) is not int or array.ndim < 1:
        return Arr(None, array.host)
    return Arr(None, True, ndim=array.ndim - 1, dtype=array.dtype)


def item(run, holder: object, key: object) -> object:
    """`holder[key]` of a list or tuple of Python numbers by an unknown NumPy integer: an unknown
    number; NotImplemented for anything else."""
    from codemods.analysis.passed_steps import passed
    from codemods.analysis.unknown_numbers import number

    if type(holder) not in (list, tuple) or not holder or len(holder) > _LONGEST or not _integer_scalar(key) \
            or not all(type(value) in (int, float) for value in holder):
        return NotImplemented
    passed(run)
    return number(run)
