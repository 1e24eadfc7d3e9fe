"""Attributes of values whose type fixes what they hold, in a script run (script_run.py; issue 13).

A test utility that expands parameterized cases asks every member of a test class for its marks
(`getattr(value, "_test_cases", None)`): class constants (tuples, strings, numbers, None, a
PartitionSpec), inherited builtin members (class_dirs.py), bound methods, exception classes.
What each holds is certain:
- a builtin value (tuple, str, int, ...) or a builtin class has no `__dict__` and no settable
  attribute: a name its type lacks raises AttributeError;
- a PartitionSpec holds what jax 0.10.2's class lists (spec_attributes.py);
- a bound method reads any attribute its own type lacks from its function (`__func__`).
"""
from __future__ import annotations

import types

from codemods.analysis.class_dirs import slot_attribute
from codemods.analysis.host_exprs import Raised
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import Bound, ClassSlot, SpecObj, UFunc
from codemods.analysis.spec_attributes import spec_attribute

UNHANDLED = object()
_SEALED = frozenset({tuple, str, int, float, bool, type(None), list, dict, set, frozenset, bytes})


def held_attribute(run, obj: object, name: str) -> object:
    """`obj.name` for the values above; UNHANDLED for any other value."""
    kind = type(obj)
    if kind is SpecObj:
        return spec_attribute(obj, name)
    if kind is Bound and not hasattr(types.MethodType, name) and (
            type(obj.func) is UFunc or isinstance(obj.func, ModelledObject)):
        return run.attribute(obj.func, name)
    if kind is ClassSlot:
        return slot_attribute(obj, name)
    if (kind in _SEALED or kind is type and obj.__module__ == "builtins") and not hasattr(obj, name):
        raise Raised(AttributeError(name))
    return UNHANDLED
