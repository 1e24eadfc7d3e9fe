"""`table.get(key, default)` with a key the run does not know (script_run.py; issue 13).

A test's assertion helper picks its tolerance by the result's dtype: `tol =
_TOLERANCES.get(actual.dtype, 1e-4)`. The run often does not know a computed array's dtype (an
unknown value, Opaque: a dtype, a shape, a number, a text, all hashable). The lookup then gives
one of the table's values or the default: when all of those are numbers, an unknown number.
Were the key unhashable, the lookup would raise instead, which no run that goes on did
(passed_steps.py). Arrays (unhashable) and tables holding anything but numbers stop the run.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Arr, Opaque


def unknown_get(run, func: object, args: list, kwargs: dict) -> Opaque | None:
    """The value of `table.get(*args)` (func: the dict's bound `get`) for an unknown key; None
    when func is another callable or the key is known."""
    table = getattr(func, "__self__", None)
    if type(table) is not dict or getattr(func, "__name__", None) != "get" or not args or type(args[0]) is not Opaque:
        return None
    from codemods.analysis.passed_steps import passed

    if kwargs or len(args) > 2:
        raise Bail
    choices = [*table.values(), args[1] if len(args) == 2 else None]
    if not all(type(value) in (int, float) or value is None and len(args) == 1 for value in choices):
        raise Bail
    if isinstance(args[0], Arr):
        raise Bail
    passed(run)
    return Opaque()
