"""Class attributes that may take over an instance field of the same name (issue 13).

A store `self.axis = axis` and a read `obj.axis` go through the class's `axis` when that is a
data descriptor: a property with a setter, or an object whose class defines `__set__` or
`__delete__`. Then what `__init__` stored says nothing about what the read gives. A class
attribute is known not to be one when it is a literal (a constant or a display), a plain or
static/class method or a `cached_property` (none defines `__set__`: the instance's own value
wins), a lambda, a dataclass `field(...)`, or a call of a JAX or NumPy name or of a module class
that defines neither hook. Anything else (another decorator, a name, a call of a foreign
callable) may be one.
"""
from __future__ import annotations

import ast

from codemods.analysis.object_methods import class_bindings, class_chain

_NON_DATA_DECORATORS = frozenset({"staticmethod", "classmethod", "cached_property", "functools.cached_property"})
_HARMLESS_NAMES = ("jax.", "numpy.")
_BUILTIN_CALLS = frozenset({"tuple", "list", "dict", "frozenset", "set", "str", "int", "float", "range"})
_LITERALS = (ast.Constant, ast.Tuple, ast.List, ast.Dict, ast.Set, ast.Lambda)


def taken_over(scope, cls: ast.ClassDef, attr: str, fields=()) -> bool:
    """Whether a class Python searches for `attr` on objects of `cls` binds it to something that
    may be a data descriptor (`fields`: the class's dataclass fields, whose class attributes hold
    their defaults, not descriptors)."""
    cache = cls.__dict__.setdefault("_shardfix_taken_over", {})
    if attr not in cache:
        cache[attr] = _taken_over(scope, cls, attr, fields)
    return cache[attr]


def _taken_over(scope, cls: ast.ClassDef, attr: str, fields) -> bool:
    for klass in class_chain(scope, cls) or ():
        bindings = class_bindings(klass)
        if not bindings.binds(attr):
            continue
        function = bindings.unique_function(attr)
        if function is not None:
            return not all(_decorator_name(scope, decorator) in _NON_DATA_DECORATORS
                           for decorator in function.decorator_list)
        value = bindings.unique_value(attr)
        return value is None or attr not in fields and not _plain_value(scope, value)
    return False


def _decorator_name(scope, decorator: ast.expr) -> str | None:
    resolved = scope.resolve(decorator)
    if resolved is not None:
        return resolved
    return decorator.id if type(decorator) is ast.Name and not scope.globals.binds(decorator.id) else None


def _plain_value(scope, value: ast.expr, depth: int = 0) -> bool:
    """Whether the value is known to be no data descriptor."""
    kind = type(value)
    if isinstance(value, _LITERALS) or depth > 4:
        return isinstance(value, _LITERALS)
    if kind in (ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.JoinedStr):
        return all(_plain_value(scope, inner, depth + 1) for inner in ast.iter_child_nodes(value)
                   if isinstance(inner, ast.expr))
    if kind in (ast.Name, ast.Attribute):
        resolved = scope.resolve(value)
        if resolved is not None:
            return resolved.startswith(_HARMLESS_NAMES)
        if kind is ast.Attribute:
            return False
        if scope.globals.unique_function(value.id) is not None or value.id in scope.classes:
            return True  # a function, or a class, is no data descriptor
        bound = scope.globals.unique_value(value.id)
        return bound is not None and _plain_value(scope, bound, depth + 1)
    if kind is not ast.Call:
        return False
    callee = scope.resolve(value.func)
    if callee is not None:
        return callee.startswith(_HARMLESS_NAMES) or callee == "dataclasses.field"
    if type(value.func) is ast.Name and value.func.id in _BUILTIN_CALLS and not scope.globals.binds(value.func.id):
        return True
    if type(value.func) is ast.Name and value.func.id in scope.classes:
        bindings = [class_bindings(klass) for klass in class_chain(scope, scope.classes[value.func.id]) or [None]]
        return None not in bindings and not any(b.binds("__set__") or b.binds("__delete__") for b in bindings)
    return False
