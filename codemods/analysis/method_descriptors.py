"""classmethod and staticmethod objects in a script run (script_run.py; issue 13): made by a
call, decorated further, marked, and tested with `isinstance`; `property(getter)` made by a call
(a decorator giving a class one property per field with `setattr(cls, name, property(get))`).

A validation framework's decorator marks a method and hands back a wrapper: `def
validator(*names): def mark(fn): fn.__validates__ = names; return classmethod(fn)`, used as
`@validator("axis")`, or (pydantic 2's spelling) stacked over `@classmethod`, marking the
classmethod object itself; a class hook then finds the marks by walking `vars(cls)`
(`isinstance(member, classmethod)`, `member.__func__`) or `dir(cls)`. Python makes the same
descriptor the decorator makes (script_classes.Desc): bound to the class when read off the class
or an instance. Its own namespace starts with the names CPython copies from the function
(`__module__`, `__name__`, `__qualname__`, `__doc__`, `__annotations__`: not held, so reading
them stops the run) and holds what the program sets on it; `__func__` and `__wrapped__` are the
function; any other name it lacks (the function's own marks are not copied) raises
AttributeError. A wrapper of anything but a def of the module is not modelled.
"""
from __future__ import annotations

from codemods.analysis.class_dirs import VERSIONED_DUNDERS
from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Lib, UFunc


def _wrapper(kind: str):
    def made(run, args: list, kwargs: dict) -> object:
        from codemods.analysis.script_classes import Desc

        if len(args) != 1 or kwargs or type(args[0]) is not UFunc and not (kind == "static" and type(args[0]) is Lib):
            raise Bail  # (a staticmethod hands back what it wraps, a library function too)
        return Desc(kind, args[0])
    return made


def _property(run, args: list, kwargs: dict) -> object:
    """`property(fget[, fset])` of defs of the module: what `@property` (and `@x.setter`) make."""
    from codemods.analysis.script_classes import Desc

    if not 1 <= len(args) <= 2 or kwargs or type(args[0]) is not UFunc \
            or len(args) == 2 and args[1] is not None and type(args[1]) is not UFunc:
        raise Bail  # (a lambda, a deleter, a docstring: not modelled)
    return Desc("property", args[0], args[1] if len(args) == 2 else None)


LIBRARY = {"builtins.classmethod": _wrapper("class"), "builtins.staticmethod": _wrapper("static"),
           "builtins.property": _property}
NAMES = frozenset(name.removeprefix("builtins.") for name in LIBRARY)
_KINDS = {"builtins.classmethod": "class", "builtins.staticmethod": "static", "builtins.property": "property"}
# What a classmethod or staticmethod object answers itself on this Python (its type's members and
# the names CPython copies into its namespace from the function).
_OWN = frozenset(dir(classmethod(lambda: None))) | frozenset(dir(staticmethod(lambda: None)))


def wrapper_member(obj, name: str) -> object:
    """`wrapper.name` of a classmethod or staticmethod object; NotImplemented for any other Desc."""
    if obj.kind not in ("class", "static"):
        return NotImplemented
    if name in ("__func__", "__wrapped__"):
        return obj.func
    if name in obj.attrs:
        return obj.attrs[name]
    if name in _OWN or name in VERSIONED_DUNDERS:
        raise Bail
    raise Raised(AttributeError(name))


def set_wrapper_attribute(obj, name: str, value: object) -> None:
    """`wrapper.name = value` on a classmethod or staticmethod object: kept in its namespace."""
    if obj.kind not in ("class", "static") or name in _OWN or name in VERSIONED_DUNDERS:
        raise Bail  # (`__func__` is read-only; a property's namespace, the copied names: not modelled)
    obj.attrs[name] = value


def wrapper_instance(obj: object, kind: object) -> bool | None:
    """`isinstance(obj, classmethod)` (or staticmethod, property) where the run knows; None for
    another kind. A builtin member of a class namespace (a getset descriptor, a slot wrapper,
    `object`'s classmethod descriptors) is none of them."""
    name = getattr(kind, "name", None)
    if type(kind).__name__ != "Special" or name not in _KINDS:
        return None
    if type(obj).__name__ == "Desc":
        return obj.kind == _KINDS[name]
    if type(obj).__name__ in ("UFunc", "Bound", "UObj", "UClass", "NTup", "LambdaValue", "BuiltinSlot") \
            or type(obj) in (int, float, str, bool, bytes, list, tuple, dict, set, frozenset, type(None)):
        return False
    raise Bail
