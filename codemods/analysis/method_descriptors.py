"""`classmethod(fn)` and `staticmethod(fn)` called as functions in a script run (script_run.py;
issue 13).

A validation framework's decorator factory marks a function and hands back the wrapper itself:
`def validator(*names): def mark(fn): fn.__validates__ = names; return classmethod(fn)`, used
as `@validator("axis")` in a class body. Python makes the same descriptor `@classmethod` makes:
bound to the class when read off the class or an instance (script_classes.Desc), its `__func__`
the function (so a metaclass finds the marks through `getattr(cls, name).__func__`). A wrapper
of anything but a def of the module (a lambda, a bound method, another wrapper) is not modelled.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import UFunc


def _wrapper(kind: str):
    def made(run, args: list, kwargs: dict) -> object:
        from codemods.analysis.script_classes import Desc

        if len(args) != 1 or kwargs or type(args[0]) is not UFunc:
            raise Bail
        return Desc(kind, args[0])
    return made


LIBRARY = {"builtins.classmethod": _wrapper("class"), "builtins.staticmethod": _wrapper("static")}
NAMES = frozenset(name.removeprefix("builtins.") for name in LIBRARY)


def wrapper_member(obj, name: str) -> object:
    """`wrapper.__func__` of a classmethod or staticmethod object; NotImplemented for anything else."""
    if name == "__func__" and obj.kind in ("class", "static"):
        return obj.func
    return NotImplemented
