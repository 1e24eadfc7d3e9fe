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

Replay buffers sample the same way: `rows = [self.items[i] for i in idx]` of `idx =
rng.integers(0, len(self.items), size=n)`, over a list or a `collections.deque` (which takes an
index as a list does: IndexError out of range) of `Transition(obs, action, reward, ...)` records
of host arrays. Where every item has one form (the same NamedTuple class, and in each field a
host array of one rank, size, shape and dtype, or a number), the item picked has that form
whichever it is: a new record of new arrays of that form, their values unknown. Only arrays of
which the run knows no values stand so (no exact values, no view of such an array), so nothing it
holds is lost; two such arrays are never the same to `is` in the run (it stops there).
"""
from __future__ import annotations

from codemods.analysis.array_dtypes import DType
from codemods.analysis.script_values import Arr

_LONGEST = 4096


def _integer_scalar(key: object) -> bool:
    dtype = key.dtype if type(key) is Arr else None
    return type(key) is Arr and key.host and key.ndim == 0 and type(dtype) is DType \
        and dtype.name is not None and dtype.kind in ("i", "u")


def row(array: Arr, run=None) -> Arr:
    """An item of iterating `array` (its rows): a NumPy array's rows keep its dtype, one rank fewer
    (`for t in rng.integers(0, 3, 16)`: NumPy integers of rank 0), and the rest of its shape
    where the run knows it."""
    from codemods.analysis.array_shapes import note, shape_of

    if not array.host or type(array.ndim) is not int or array.ndim < 1:
        return Arr(None, array.host)
    made = Arr(None, True, ndim=array.ndim - 1, dtype=array.dtype)
    shape = shape_of(run, array) if run is not None else None
    return note(made, shape[1:]) if shape else made


def rows(run, array: Arr) -> int | None:
    """How many rows iterating `array` gives: its count, or the first size of its exact shape
    (`zip(envs, np.argmax(logits, -1))`); None where the run knows neither."""
    from codemods.analysis.array_shapes import shape_of

    if array.count is not None:
        return array.count
    shape = shape_of(run, array)
    return shape[0] if shape else None


def _form(value: object, run=None) -> object:
    """What an item is made of where only its numbers are forgotten: "number", or a tuple of the
    forms of its items (a tuple is immutable, so a new one of unknown numbers is the same value
    to the program but for `is`); with the run, also a record of the module's NamedTuple class
    (`Transition(obs, action, ...)`: its class and its fields' forms) and a host array of values
    the run does not know (its rank, size, shape and dtype: `_array_form`); None for anything else."""
    from codemods.analysis.script_values import NTup

    if type(value) in (int, float):
        return "number"
    if type(value) is tuple and None not in (forms := tuple(_form(item, run) for item in value)):
        return forms
    if run is not None and type(value) is NTup and None not in (forms := tuple(_form(item, run) for item in value)):
        return ("record", value.cls, forms)
    if run is not None and type(value) is Arr:
        return _array_form(run, value)
    return None


def _array_form(run, value: Arr) -> tuple | None:
    """A host array's form where nothing the run holds of it is lost by standing a new array in
    for it: no values known (`known`, exact_host_arrays.py; a view of such an array), a rank; a new
    array of the same form is the one picked to the program but for `is` (which the run does not
    answer for two arrays), and a write through it is one to an array the run holds no values of
    (and does not take as writeable: exact_host_arrays.writeable)."""
    from codemods.analysis.array_shapes import shape_of
    from codemods.analysis.exact_host_arrays import shares_known

    dtype = value.dtype
    if not value.host or value.sharding is not None or value.state is not None or value.known is not None \
            or type(value.ndim) is not int or shares_known(run, value) or value.one:
        return None
    return ("array", value.ndim, value.count, shape_of(run, value), None if dtype is None else (dtype.name, dtype.kind))


def _made(run, form: object) -> object:
    from codemods.analysis.array_dtypes import DType
    from codemods.analysis.array_shapes import note
    from codemods.analysis.script_values import ntup
    from codemods.analysis.unknown_numbers import number

    if form == "number":
        return number(run)
    if form and form[0] == "record":
        return ntup(form[1], [_made(run, item) for item in form[2]])
    if form and form[0] == "array":
        _, ndim, count, shape, dtype = form
        made = Arr(None, True, count, ndim, dtype=None if dtype is None else DType(*dtype))
        return note(made, shape)
    return tuple(_made(run, item) for item in form)


def item(run, holder: object, key: object) -> object:
    """`holder[key]` of a list or tuple of Python numbers by an unknown NumPy integer or Python int
    (`int(...)`, and ints made of such: unknown_numbers.py): an unknown
    number; of tuples of numbers of one form (`MOVES = [(0, 1), (1, 0)]`, `MOVES[action]`): a
    tuple of unknown numbers of that form; of records of host arrays of one form (`_form`): a
    new record of that form; NotImplemented for anything else."""
    from codemods.analysis.passed_steps import passed
    from codemods.analysis.unknown_numbers import is_integer

    if type(holder) not in (list, tuple) or not holder or len(holder) > _LONGEST \
            or not (_integer_scalar(key) or type(key) is not int and is_integer(run, key)) \
            or len(forms := {_form(value, run) for value in holder}) != 1 or None in forms:
        return NotImplemented
    passed(run)
    return _made(run, forms.pop())
