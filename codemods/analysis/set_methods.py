"""A set's own methods in a host or script run (issue 13).

A topological sort marks what it has visited in a set (`seen.add(name)`, `if name in seen`), a
graph keeps its upstream names in one (`deps.update(params)`). Adding, removing and asking
membership give the same set on every run whatever order str hashing walks it in, so these are
run as Python runs them; `pop()` (which element comes out depends on that order) is not. Only
plain values (str, int, tuples of them) are stored: a jax array is unhashable where the run's
stand-in may not be, and a program object's own `__hash__`/`__eq__` are not asked here.
"""
from __future__ import annotations

_SHARED = frozenset({"union", "intersection", "difference", "symmetric_difference", "issubset", "issuperset",
                     "isdisjoint", "copy"})
SET_METHODS = {
    set: _SHARED | {"add", "discard", "remove", "update", "clear", "difference_update", "intersection_update",
          "symmetric_difference_update"},
    frozenset: _SHARED,
}


def unheld(func, args: list, kwargs: dict) -> bool:
    """A set method handed something other than plain values (or any keyword), or a date's method
    handed anything but plain values (calendar_dates.py)."""
    from codemods.analysis.calendar_dates import DATE_METHODS
    from codemods.analysis.host_exprs import plain_tree

    owner = type(getattr(func, "__self__", None))
    return owner in SET_METHODS and (bool(kwargs) or not all(plain_tree(value) for value in args)) \
        or owner in DATE_METHODS and not all(plain_tree(value) for value in (*args, *kwargs.values()))
