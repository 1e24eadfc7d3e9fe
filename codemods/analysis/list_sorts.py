"""`rows.sort(key=operator.attrgetter("version"), reverse=True)` (and `rows.sort()` of objects: object_orderings.py) in a script run (script_run.py;
issue 13): a Django-like queryset orders its rows in place by a key the run computes (a module
function, a lambda, an attrgetter of the module's objects). Python calls the key once per item,
in order, then sorts stably (`reverse` keeps equal items in their order): the same as `sorted`,
whose model (host_runs.py) this reuses before writing the items back into the list.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail


def sort_call(run, func: object, args: list, kwargs: dict, callables: tuple) -> object:
    """The result of `items.sort(...)` with a key the run calls, or NotImplemented when func is
    not a list's `sort` given one."""
    from codemods.analysis.object_orderings import orders, sort_in_place

    holder = getattr(func, "__self__", None)
    if type(holder) is list and getattr(func, "__name__", None) == "sort" and not args and orders(holder) \
            and not any(isinstance(value, callables) for value in kwargs.values()):
        return sort_in_place(run, holder, kwargs)  # (`stages.sort()` by the objects' own `__lt__`)
    if type(holder) is not list or getattr(func, "__name__", None) != "sort" \
            or not any(isinstance(value, callables) for value in kwargs.values()):
        return NotImplemented
    if args or not set(kwargs) <= {"key", "reverse"}:
        raise Bail
    made = run.with_callback("sorted", [list(holder)], kwargs)
    if type(made) is not list or len(made) != len(holder):
        raise Bail  # (keys the run does not know: which order is not certain)
    holder[:] = made
    return None
