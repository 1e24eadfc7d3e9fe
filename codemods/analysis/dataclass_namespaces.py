"""`vars(C)` / `C.__dict__` of a class `dataclasses.dataclass(C)` converted in a script run
(class_descriptors.class_vars; issue 13).

A Flax-like `Module` base converts each subclass in its `__init_subclass__` and then wraps the
subclass's own `__call__`: `dataclass(cls); if "__call__" in cls.__dict__: ...`. Converting keeps
the namespace type.__new__ made and adds, in this order (CPython 3.11's `_process_class`, checked
on this interpreter): `__dataclass_params__`, `__dataclass_fields__`, `__init__`, `__repr__`,
`__eq__`, `__hash__` (None: eq without frozen), `__match_args__`; a `__doc__` that was None
becomes the signature text (so does an empty one). Each is added only when the class does not define it, so a class that
defines one of them (or a frozen or ordered one, or one given other options) stops the run, as
does a class whose namespace got names after it was made (whether before or after the conversion
is not known). The generated members' values are not held (Opaque: passed along, never read),
except `__dataclass_fields__`, the run's one table per class.

Only a conversion by a call the run saw (`dataclass(cls)`, whose options it records) is modelled.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import FieldDefault, Opaque, UClass

_ADDED = ("__dataclass_params__", "__dataclass_fields__", "__init__", "__repr__", "__eq__", "__hash__",
          "__match_args__")
_GENERATED = frozenset(_ADDED) | {"__setattr__", "__delattr__", "__lt__", "__le__", "__gt__", "__ge__"}
_DEFAULTS = {"repr": True, "eq": True, "frozen": False, "order": False}  # (kw_only adds no member either way)


def note_conversion(run, cls: UClass, options: dict) -> None:
    """Keeps the options a `dataclass(cls)` call converted `cls` with (read by `converted_vars`)."""
    run.__dict__.setdefault("_dataclass_conversions", {})[id(cls)] = (cls, dict(options))


def converted_vars(run, cls: UClass, made: dict, body: set, later: list) -> dict:
    """The namespace `made` (type.__new__'s, as for a plain class) with what the conversion added."""
    from codemods.analysis.dataclass_fields import field_table

    noted = run.__dict__.get("_dataclass_conversions", {}).get(id(cls)) if run is not None else None
    if noted is None or noted[0] is not cls or cls.frozen or any(
            name != "kw_only" and _DEFAULTS.get(name) is not value for name, value in noted[1].items()):
        raise Bail  # (a decorator's conversion, or options that change the members added: not modelled)
    if later or _GENERATED & (set(cls.attrs) | body) or cls.meta is not None or "__slots__" in cls.attrs \
            or any(type(value) is FieldDefault for value in cls.attrs.values()):
        raise Bail  # (names set after the class was made, members of its own the conversion keeps, `field(...)`s it sets or deletes)
    if made["__doc__"] in (None, ""):
        made["__doc__"] = Opaque()  # (the signature text, spelled from the annotations' reprs)
    for name in _ADDED:
        made[name] = None if name == "__hash__" else Opaque()
    if cls.params is None:
        made["__dataclass_fields__"] = field_table(run, cls)
    return made
