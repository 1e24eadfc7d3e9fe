"""`abc.ABC` and `abc.ABCMeta` as a script run meets them (script_classes.py, class_metas.py;
issue 13): the interfaces of "enterprise" Python, `class IRepository(abc.ABC):` with
`@abc.abstractmethod` members, or `class IRepository(metaclass=abc.ABCMeta):`.

Python's own `abc.ABC` is a class whose metaclass is ABCMeta, with `__slots__ = ()` and nothing
else of its own; ABCMeta's `__new__` sets `__abstractmethods__` on each class it makes, and
calling a class whose set is not empty raises TypeError. Both are modelled as classes of the run:
ABCMeta a metaclass with no namespace of its own (its `type.__new__` computes the abstract set:
class_metas.py), ABC its one instance, so a class statement over either runs through the
metaclass path every module metaclass takes. One pair per run: a class made in one run never
meets another run's. `@dataclass` over such a class: the abstract set of the finished class
(`abc.update_abstractmethods`). `register` keeps virtual subclasses, which `isinstance` and
`issubclass` against the run's ABCs then follow as ABCMeta does.
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
    Impl handed back and kept, for `isinstance` / `issubclass` against the ABCs of the run
    (`virtual_check`)."""

    __slots__ = ("cls",)

    def __init__(self, cls: UClass) -> None:
        self.cls = cls

    def __call__(self, run, args: list, kwargs: dict) -> object:
        from codemods.analysis.host_exprs import Raised
        from codemods.analysis.host_objects import Bail

        if len(args) != 1 or kwargs:
            raise Bail
        sub = args[0]
        if type(sub) is UClass and (self.cls.derives(sub) or _virtual(run, self.cls, sub)):
            raise Raised(RuntimeError("Refusing to create an inheritance cycle"))
        if not (type(sub) is UClass or isinstance(sub, type)):
            raise Bail  # (TypeError "Can only register classes", or a library class: not followed)
        if type(sub) is UClass and _virtual(run, sub, self.cls):
            return sub  # (already a subclass: nothing kept)
        run.__dict__.setdefault("_abc_registered", []).append((self.cls, sub))
        return sub


def _virtual(run, cls: UClass, kind: UClass, depth: int = 0) -> bool:
    """`issubclass(cls, kind)` for a class of the run, as ABCMeta answers it: kind in cls's chain,
    or a class registered on kind or on a class deriving from kind (`__subclasses__`, walked
    down by ABCMeta) that cls derives from, virtually or not."""
    from codemods.analysis.class_metas import abc_rooted
    from codemods.analysis.host_objects import Bail

    if cls.derives(kind):
        return True
    if depth > 20:
        raise Bail
    if kind.meta is None or not abc_rooted(kind.meta):
        return False
    for target, sub in run.__dict__.get("_abc_registered", ()):
        if not target.derives(kind):
            continue
        if type(sub) is not UClass:
            if cls.builtin is not None:
                raise Bail  # (a dict or list subclass against a registered builtin type: not followed)
            continue
        if _virtual(run, cls, sub, depth + 1):
            return True
    return False


def virtual_check(run, obj: object, kind: UClass, derived: bool, is_class: bool = False) -> bool:
    """`isinstance(obj, kind)` (`issubclass(obj, kind)` when is_class) whose class chain answered
    `derived`: ABCMeta's answer with the run's registrations."""
    from codemods.analysis.class_metas import abc_rooted
    from codemods.analysis.host_objects import Bail
    from codemods.analysis.script_values import UObj

    if derived or kind.meta is None or not abc_rooted(kind.meta) or not run.__dict__.get("_abc_registered"):
        return derived
    cls = obj if is_class else obj.cls if type(obj) is UObj else None
    if type(cls) is not UClass:
        raise Bail  # (another object against registered classes: not followed)
    return _virtual(run, cls, kind)


def abc_only(meta: UClass) -> bool:
    """The run's own ABCMeta (no metaclass of the module derived from it)."""
    return meta.meta_root == "abc" and meta.base is None and not meta.attrs


def abc_dataclass(run, cls: UClass) -> UClass:
    """A dataclass over an ABC: ABCMeta made the class, then `@dataclass` added its methods and
    recomputed the abstract set (`abc.update_abstractmethods`): the set of the finished class."""
    from codemods.analysis.class_descriptors import set_names
    from codemods.analysis.class_metas import _abstracts, _init_subclass

    set_names(run, cls)
    _init_subclass(run, cls)
    cls.attrs["__abstractmethods__"] = _abstracts(run, cls)  # (counted after the hooks, as ABCMeta does)
    return cls
