"""`collections.namedtuple` classes in a script run (script_run.py; issue 13): `defaults=`,
`Cls._make(iterable)` and `Cls._field_defaults`.

`defaults` fill the rightmost fields (more defaults than fields raises TypeError). `_make` takes
exactly one item per field, defaults or not: CPython raises TypeError for any other count, so
the run stops there (unknown) rather than guess. `rename=True` (invalid names replaced by `_0`,
`_1`, ...) is not modelled.
"""
from __future__ import annotations

import ast
import keyword

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import RunCallable, UClass


def named_tuple(args: list, kwargs: dict) -> UClass:
    """`collections.namedtuple("Axes", ["data", "model"])` (or "data model"): a NamedTuple class."""
    if len(args) != 2 or not set(kwargs) <= {"defaults", "module"} or type(args[0]) is not str \
            or type(kwargs.get("module", "")) is not str:
        raise Bail
    names = args[1].replace(",", " ").split() if type(args[1]) is str else args[1]
    if type(names) not in (list, tuple) or not all(type(n) is str and n.isidentifier() for n in names) \
            or len(set(names)) != len(names) or any(n.startswith("_") or keyword.iskeyword(n) for n in names):
        raise Bail  # (names CPython rejects: ValueError, left unknown)
    defaults = kwargs.get("defaults") or ()
    if type(defaults) not in (list, tuple) or len(defaults) > len(names):
        raise Bail
    cls = UClass(ast.ClassDef(name=args[0], bases=[], keywords=[], body=[], decorator_list=[]), None, {}, "ntuple")
    cls.fields = list(names)
    for name, value in zip(names[len(names) - len(defaults):], defaults):
        cls.attrs[name] = value
    return cls


class _Make(RunCallable):
    __slots__ = ("cls",)

    def __init__(self, cls: UClass) -> None:
        self.cls = cls

    def __call__(self, run, args: list, kwargs: dict) -> object:
        from codemods.analysis.script_classes import construct

        if len(args) != 1 or kwargs:
            raise Bail
        items = list(run.iterate(args[0]))
        if len(items) != len(self.cls.fields):
            raise Bail  # (TypeError in CPython)
        return construct(run, self.cls, items, {})


def class_member(cls: UClass, name: str) -> object | None:
    """`_make` and `_field_defaults` of a NamedTuple class; None for any other name."""
    if name == "_make":
        return _Make(cls)
    if name == "_field_defaults":
        return {n: cls.attrs[n] for n in cls.fields if n in cls.attrs}
    return None
