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
from codemods.analysis.script_values import Lib, RunCallable, UClass

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


class Register(RunCallable):
    """`IRepository.register(Impl)` (or `@IRepository.register`), ABCMeta's virtual subclass:
    Impl handed back. Afterwards `isinstance` / `issubclass` against an ABC of the run answer
    True where the class derives from it (certain either way) and stop the run otherwise (a
    registration, of this class or of one deriving from it, may make the answer True)."""

    __slots__ = ("cls",)

    def __init__(self, cls: UClass) -> None:
        self.cls = cls

    def __call__(self, run, args: list, kwargs: dict) -> object:
        from codemods.analysis.host_exprs import Raised
        from codemods.analysis.host_objects import Bail

        if len(args) != 1 or kwargs:
            raise Bail
        sub = args[0]
        if type(sub) is UClass and self.cls.derives(sub):
            raise Raised(RuntimeError("Refusing to create an inheritance cycle"))
        if not (type(sub) is UClass or isinstance(sub, type)):
            raise Bail  # (TypeError "Can only register classes", or a library class: not followed)
        run.__dict__["_abc_registered"] = True
        return sub


def virtual_check(run, derived: bool, kind: UClass) -> bool:
    """`isinstance(obj, kind)` / `issubclass(c, kind)` whose class chain answered `derived`."""
    from codemods.analysis.class_metas import abc_rooted
    from codemods.analysis.host_objects import Bail

    if not derived and kind.meta is not None and abc_rooted(kind.meta) and run.__dict__.get("_abc_registered"):
        raise Bail
    return derived
