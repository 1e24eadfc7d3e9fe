"""`f.__get__(obj)`: a function of the module bound by hand (script_run.py; issue 13).

A function is a non-data descriptor: `f.__get__(obj)` (or `f.__get__(obj, cls)`) is the method
`obj.f` would give, bound to obj; `f.__get__(None, cls)` is f itself. Functional code reaches for
it through `methodcaller("__get__", obj)` to bind a table of plain functions to one object.
`f.__get__(None)` raises TypeError in CPython: not modelled (Bail).
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Bound, RunCallable, UFunc


class FunctionGet(RunCallable):
    __slots__ = ("func",)

    def __init__(self, func: UFunc) -> None:
        self.func = func

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if kwargs or len(args) not in (1, 2):
            raise Bail
        if args[0] is None:
            if len(args) != 2 or args[1] is None:
                raise Bail
            return self.func
        return Bound(self.func, args[0])
