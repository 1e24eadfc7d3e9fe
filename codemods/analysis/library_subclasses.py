"""`issubclass(C, enum.Enum)` and `issubclass(C, int)` of a module class C in a script run
(script_run.py; issue 13).

A validation framework coerces a field's value by its annotation: `if isinstance(ann, type) and
issubclass(ann, enum.Enum): return ann(value)`, asked of every annotated type, the module's
config classes among them. Neither `enum.Enum`'s metaclass nor `type` defines a subclass hook, so
the answer is whether the class's `__mro__` holds the library class: a module Enum class always
derives from `enum.Enum` (the run makes one only over `enum.Enum`, `StrEnum`, `IntEnum`, `Flag`,
`IntFlag` or `(str, Enum)`); any other module class whose every class statement down its chain
names at most one base, that chain's module class, derives from no library class but `object`.
A chain with a base the run dropped or replaced (`Generic[T]`, a NamedTuple, a dict or list
subclass, several bases) leaves the answer unknown, and so does any other library class (an ABC
of `collections.abc` answers by its `__subclasshook__`).
"""
from __future__ import annotations

from codemods import jaxapi
from codemods.analysis.class_dirs import closed_chain
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Lib, UClass

_PLAIN_TYPES = (int, float, complex, str, bytes, bool, list, tuple, dict, set, frozenset, BaseException)


def library_subclass(cls: object, kind: object) -> bool:
    """`issubclass(cls, kind)` of a module class or a builtin type for a library class `kind` the
    run names (`enum.Enum`) or a builtin type; Bail where the answer is not certain."""
    enum_class = type(kind) is Lib and jaxapi.canonical(kind.name) == "enum.Enum"
    if isinstance(cls, type) and enum_class and cls.__module__ == "builtins":
        return False  # (`issubclass(tuple, enum.Enum)`: a builtin type derives from no Enum)
    if type(cls) is not UClass or not enum_class and not any(kind is plain for plain in _PLAIN_TYPES):
        raise Bail
    if cls.kind == "enum":
        if enum_class:
            return True
        raise Bail  # (a mixin's type: `(str, Enum)` derives from str)
    if not _closed(cls):
        raise Bail
    return False


def _closed(cls: UClass) -> bool:
    """Every class of the chain is a plain or dataclass one of the module whose statement names
    its one module base or none."""
    return all(klass.kind in ("plain", "dataclass") and klass.builtin is None for klass in cls.order) \
        and closed_chain(cls)
