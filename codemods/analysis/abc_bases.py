"""`abc.ABC` and `abc.ABCMeta` as a script run meets them (script_classes.py, class_metas.py;
issue 13): the interfaces of "enterprise" Python, `class IRepository(abc.ABC):` with
`@abc.abstractmethod` members, or `class IRepository(metaclass=abc.ABCMeta):`.

Python's own `abc.ABC` is a class whose metaclass is ABCMeta, with `__slots__ = ()` and nothing
else of its own; ABCMeta's `__new__` sets `__abstractmethods__` on each class it makes, and
calling a class whose set is not empty raises TypeError. Both are modelled as classes of the run:
ABCMeta a metaclass with no namespace of its own (its `type.__new__` computes the abstract set:
class_metas.py), ABC its one instance, so a class statement over either runs through the
metaclass path every module metaclass takes. One pair per run: a class made in one run never
meets another run's.
"""
from __future__ import annotations

import ast

from codemods import jaxapi
from codemods.analysis.script_values import Lib, UClass

_KEY = "_abc_classes"


def _pair(run) -> tuple[UClass, UClass]:
    found = run.__dict__.get(_KEY)
    if found is None:
        meta = UClass(ast.ClassDef(name="ABCMeta", bases=[], keywords=[], body=[], decorator_list=[]), None, {}, "meta")
        meta.meta_root = "abc"
        helper = UClass(ast.ClassDef(name="ABC", bases=[], keywords=[], body=[], decorator_list=[]), None,
                        {"__slots__": (), "__abstractmethods__": frozenset()}, "plain")
        helper.meta = meta
        found = run.__dict__[_KEY] = (meta, helper)
    return found


def abc_base(run, value: object) -> object:
    """A class statement's base: the run's `abc.ABC` for Python's, else the value itself."""
    if type(value) is Lib and jaxapi.canonical(value.name) == "abc.ABC":
        return _pair(run)[1]
    return value


def abc_meta(run, value: object) -> object:
    """A `metaclass=` keyword's value: the run's ABCMeta for Python's, else the value itself."""
    if type(value) is Lib and jaxapi.canonical(value.name) == "abc.ABCMeta":
        return _pair(run)[0]
    return value
