"""What `x.tolist()` gives in a script run (script_run.py; issue 13).

A service turns its NumPy inputs into JSON-ready Python lists before it hands them to its
handlers (`{"prompts": ids.tolist()}`), as a client would send them. `tolist` copies the array
into Python objects: a list as long as its leading size, whose items are its rows' own lists, or
Python scalars for a vector (an int or a float for an integer or floating dtype); an array of rank
0 gives the scalar. The run knows the structure where the array's rank and leading size are
known, never the values: such a scalar is an unknown Python number (unknown_numbers.py), any
other item (a row, of a length the run may not know; a bool, a complex) an unknown value. An
array of unknown rank gives a value the run does not know (a scalar or a list), one of unknown
leading size a list of unknown length (unsized_lists.py); a traced array gives no list (Bail:
JAX raises, its values are not known while tracing).

`np.asarray(n)` / `np.array(n)` (no other argument) of an unknown Python number is an array of
rank 0 whose `tolist()` is a Python number of n's type again, whatever its dtype: int64 for most
ints, uint64 or object for huge ones, float64 for a float (checked on NumPy 2.4); a record
`{"label": np.asarray(label).tolist()}` keeps its number (unknown_json.py).
"""
from __future__ import annotations

from codemods.analysis import text_host_arrays
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Arr, Opaque
from codemods.analysis.unknown_numbers import is_number, number, number_kind

_CONVERTERS = frozenset({"numpy.asarray", "numpy.array"})


def listed(run, method, args: list, kwargs: dict) -> object:
    """`x.tolist()`, `method` being the ArrMethod `x.tolist`."""
    owner = method.owner
    if args or kwargs or owner is None or run.in_body or run.jitted:
        raise Bail
    if (texts := text_host_arrays.values(run, owner)) is not None:
        return list(texts)  # (`np.atleast_1d(axes).tolist()`: text_host_arrays.py)
    if (text := text_host_arrays.scalar(run, owner)) is not None:
        return text  # (`np.asarray("u001").tolist()`: the str)
    held = run.__dict__.get("_number_arrays", {}).get(id(owner))
    if held is not None and held[0] is owner:
        return number(run, held[1])
    if owner.ndim is None:
        return Opaque()  # (a scalar or a list, of a rank not known: a value the run passes along)
    dtype = owner.dtype

    def scalar() -> Opaque:
        return number(run) if dtype is not None and dtype.kind in ("i", "u", "f") else Opaque()

    if owner.ndim == 0:
        return scalar()
    if owner.count is None:
        from codemods.analysis.unsized_lists import of_numbers_list, unsized

        if owner.ndim == 1 and dtype is not None and dtype.kind in ("i", "u", "f"):
            return of_numbers_list(run, "float" if dtype.kind == "f" else "int")  # (its items are numbers)
        return unsized(run)  # (a list of a length not known: unsized_lists.py)
    return [scalar() if owner.ndim == 1 else Opaque() for _ in range(owner.count)]


def of_number(run, name: str, args: list, kwargs: dict, made: object) -> object:
    """`made` (the result of library call `name`), noted as a rank-0 array of a Python number
    where it is `np.asarray(n)` of an unknown one."""
    from codemods.analysis.unsized_lists import numbers_kind

    if name in _CONVERTERS and len(args) == 1 and not kwargs and type(made) is Arr and type(args[0]) is Opaque \
            and numbers_kind(run, args[0]) is not None and made.ndim is None:
        made.ndim = 1  # (a vector of a length not known: `np.asarray(row["tokens"])`)
        return made
    if name in _CONVERTERS and len(args) == 1 and not kwargs and type(made) is Arr and type(args[0]) is Opaque \
            and is_number(run, args[0]) and made.ndim in (None, 0):
        made.ndim = 0
        run.__dict__.setdefault("_number_arrays", {})[id(made)] = (made, number_kind(run, args[0]))
    return made
