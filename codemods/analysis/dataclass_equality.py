"""The `__eq__` and `__hash__` that `@dataclass` writes, in a script run (object_hashes.py,
script_dunders.py; issue 13).

An Equinox-like `Module` is a frozen dataclass, and a config Module kept in a static field of
another is part of that one's pytree aux data: JAX compares aux data with `==` where it compares
two tree structures, and jit hashes them for its cache. What dataclasses write (Python 3.11; the
run makes every dataclass with eq=True, dataclass_fields.py):
- `__eq__`, unless the class's own body defines one: when `other.__class__ is self.__class__`,
  the tuple of self's fields (a base's first) `==` the tuple of other's; otherwise NotImplemented.
  `!=` is object's: the inverse of `__eq__`.
- `__hash__`, unless the class's own body defines one: `hash()` of that tuple when the class is
  frozen; `None` (unhashable: TypeError) when it is not.
The tuples compare and hash their items by the items' own methods, so a field value must be one
whose `==` and hash the run holds as Python's: a plain value, a PartitionSpec, a class, a
`functools.partial` (by identity, as Python's has no `__eq__`), an instance of a module class (its
own methods or these), or a tuple of them. Anything else (an array, whose `==` is elementwise and
which has no hash) stops the run.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail


def generated(cls, name: str) -> bool:
    """Does `name` (`__eq__` or `__hash__`) of an instance of `cls` run what dataclasses wrote?"""
    return cls.kind == "dataclass" and name not in cls.attrs


def equal(obj, other: object) -> object:
    """The generated `obj.__eq__(other)`: a bool, or NotImplemented."""
    from codemods.analysis.script_values import UObj

    if type(other) is not UObj or other.cls is not obj.cls:
        return NotImplemented
    return _fields(obj) == _fields(other)


def hashed(obj) -> int:
    """The generated `hash(obj)`."""
    if not obj.cls.frozen:
        raise Bail  # (`__hash__ = None`: TypeError in Python)
    return hash(_fields(obj))


def _fields(obj) -> tuple:
    if obj.data is not None or any(name not in obj.attrs for name in obj.cls.fields):
        raise Bail
    values = tuple(obj.attrs[name] for name in obj.cls.fields)
    if not all(_held(value, 0) for value in values):
        raise Bail
    return values


def _held(value: object, depth: int) -> bool:
    from codemods.analysis.host_exprs import VALUE_TYPES
    from codemods.analysis.script_values import PartialObj, SpecObj, UClass, UObj

    if type(value) in VALUE_TYPES or type(value) in (SpecObj, UClass, PartialObj, UObj):
        return True
    return type(value) is tuple and depth < 8 and all(_held(item, depth + 1) for item in value)
