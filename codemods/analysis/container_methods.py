"""Builtin containers' methods handed on as functions in a script run (script_run.py; issue 13).

Point-free code names a lookup instead of writing it: `axis_of = ROLES.__getitem__`,
`compose(Z_SCORES.__getitem__, get_in(("level",)))`, `map(METRICS.__getitem__, names)`,
`partial(map, RULES.get)`. What CPython 3.11 does, and the run with it:
- `d.__getitem__` of a dict, OrderedDict, list, tuple or str is a bound method whose call with
  one argument is `d[key]` (the subscript the run already reads: script_operators.item); any
  other count of arguments raises TypeError (not modelled: Bail);
- `map(d.get, keys)` (a method of a value the run holds, from the methods it may call:
  host_objects.METHODS) is lazy, as map is with any function: each call is made when the
  map is walked, as the run makes it for a def or a lambda (script_builtins.py).
"""
from __future__ import annotations

from collections import OrderedDict

from codemods.analysis.host_objects import METHODS, Bail
from codemods.analysis.script_values import RunCallable

_INDEXED = (dict, OrderedDict, list, tuple, str)


class ItemMethod(RunCallable):
    """`holder.__getitem__`."""

    __slots__ = ("holder",)

    def __init__(self, holder: object) -> None:
        self.holder = holder

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if len(args) != 1 or kwargs:
            raise Bail
        return run.item(self.holder, args[0])

    # Two reads of `d.__getitem__` are two method objects that compare and hash alike (by the
    # one container they are bound to), as CPython's are.
    def __eq__(self, other: object) -> bool:
        return type(other) is ItemMethod and other.holder is self.holder

    def __hash__(self) -> int:
        return hash(id(self.holder))


def item_method(obj: object, name: str) -> ItemMethod | None:
    """`obj.__getitem__` of a builtin container; None for anything else."""
    return ItemMethod(obj) if name == "__getitem__" and type(obj) in _INDEXED else None


def held_method(func: object) -> bool:
    """Whether func is a method of a value the run holds, one the run may call itself."""
    owner = getattr(func, "__self__", None)
    return callable(func) and type(owner) in METHODS and getattr(func, "__name__", None) in METHODS[type(owner)]
