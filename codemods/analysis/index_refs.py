"""`x.at[idx].set(v)` in a script run outside shard_map bodies (script_run.py; issue 13): the
updated array has x's rank and dtype.

Model surgery copies old rows into a new table (`new.at[: n, : d].set(old)`) and exports it
later with a spec built from its rank (`P(*([None] * table.ndim), reduced=axes)`). `x.at` is
JAX's reference to x's indices and `x.at[idx]` the indexed reference, not an indexed array:
`set`, `add`, `multiply`, `mul`, `min` and `max` on it give an array of x's shape and dtype
(JAX casts the update to x's dtype; run on jax 0.10.2). The run notes each reference with the
array it stands for (by serial), so the update's result gets x's rank, leading size and dtype;
`get` (an indexed read) and anything else keeps what the run knew before. Inside a body the
states are state_updates.py's.
The run holds both references as arrays (script_values.Arr) for those steps, but they are not
arrays (adversarial25 I): on jax 0.10.2 `x.at` has no public name but `array` (and is
subscriptable), `x.at[i]` only `array`, `index` and the update methods in `_METHODS` (and is not
subscriptable); neither has `sum`, `shape`, `dtype`, `T`, `at`. `attribute` and `subscript` ask
this table before any array's answer: `array` gives x, an update method goes on as before, and
anything else stops the run (Bail); so does using one as an array (`not_array`: an operand, a
truth, an iteration, a library call's argument). A NumPy array has no `at` (ufuncs do): not answered, Bail.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Arr

_TABLE = "_index_refs"
_WHOLE = frozenset({"set", "add", "multiply", "mul", "min", "max"})
_METHODS = _WHOLE | {"get", "apply", "divide", "power", "subtract"}


def attribute(run, obj: Arr, name: str) -> Arr | None:
    """Before `obj.name` is read as an array's: x for `x.at.array` / `x.at[i].array`; None where
    the read goes on as an array's (obj no reference, or an update method of `x.at[i]`)."""
    if name == "at" and obj.host:
        raise Bail  # (a NumPy array has none; another host object might)
    found = run.__dict__.get(_TABLE, {}).get(obj.serial)
    if found is None or found[1] and name in _METHODS:
        return None
    if name == "array":
        return found[0]
    raise Bail  # (no array name: `hasattr(x.at[0], "sum")` is False, `x.at.shape` raises)


def not_array(run, *values: object) -> None:
    """Before values are used as arrays (an operand, a truth, an iteration, a library call's
    argument): JAX's references are none, and what they do there is not modelled (Bail)."""
    table = run.__dict__.get(_TABLE)
    if table and any(type(value) is Arr and value.serial in table for value in values):
        raise Bail


def subscript(run, holder: Arr) -> None:
    """Before `holder[idx]` is read as an array's item: `x.at[i][j]` is no step JAX takes (Bail)."""
    found = run.__dict__.get(_TABLE, {}).get(holder.serial)
    if found is not None and found[1]:
        raise Bail


def referenced(run, array: Arr, ref: Arr) -> None:
    """`ref` is `array.at`."""
    run.__dict__.setdefault(_TABLE, {})[ref.serial] = (array, False)


def indexed(run, holder: Arr, result: Arr) -> bool:
    """`result` is `holder[idx]`; True when holder is an `x.at` (result then the indexed reference)."""
    found = run.__dict__.get(_TABLE, {}).get(holder.serial)
    if found is None or found[1]:
        return False
    run.__dict__[_TABLE][result.serial] = (found[0], True)
    result.ndim, result.count, result.dtype = None, None, None  # (a reference, not the items it names)
    return True


def updated(run, owner: Arr | None, name: str, result: Arr) -> None:
    """`owner.set(v)` and kin, owner an indexed reference: the result is shaped as its array."""
    found = run.__dict__.get(_TABLE, {}).get(owner.serial) if owner is not None else None
    if found is None or not found[1] or name not in _WHOLE or type(result) is not Arr:
        return
    array = found[0]
    result.ndim, result.count = array.ndim, array.count
    if array.dtype is not None:
        result.dtype = array.dtype
