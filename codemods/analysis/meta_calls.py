"""Classes whose calls a metaclass's `__call__` answers (issue 13): `class Config(metaclass=
Singleton)` with `Singleton.__call__` handing back the first instance, or one that drops the
caller's arguments. `Config(axes=...)` then makes (or returns) whatever that method decides,
so reading the call's arguments as the instance's fields (classes.py) would guess.

A class has such calls when its `metaclass=` keyword, or one of a base of the module, names a
class of the module that (itself or through its bases of the module) defines `__call__`, or
names anything the reader cannot tell (an attribute, a call); `type` and library metaclasses
(`abc.ABCMeta`) define none the program wrote."""
from __future__ import annotations

import ast


def meta_calls(cls: ast.ClassDef, classes: dict, depth: int = 0) -> bool:
    if depth > 8:
        return True
    for keyword in cls.keywords:
        if keyword.arg == "metaclass" and _defines_call(keyword.value, classes, depth):
            return True
    return any(meta_calls(classes[base.id], classes, depth + 1) for base in cls.bases
               if type(base) is ast.Name and base.id in classes and classes[base.id] is not cls)


def _defines_call(meta: ast.expr, classes: dict, depth: int) -> bool:
    if type(meta) is ast.Name and meta.id not in classes:
        return False  # (`type`, an imported metaclass such as `ABCMeta`)
    if type(meta) is ast.Attribute and type(meta.value) is ast.Name and meta.value.id in ("abc", "enum"):
        return False
    if type(meta) is not ast.Name:
        return True
    node = classes[meta.id]
    if any(type(stmt) in (ast.FunctionDef, ast.AsyncFunctionDef) and stmt.name == "__call__" or type(stmt) in (
            ast.Assign, ast.AnnAssign) and "__call__" in ast.dump(stmt) for stmt in node.body):
        return True
    return depth < 8 and any(_defines_call(base, classes, depth + 1) for base in node.bases
                             if type(base) is ast.Name and base.id in classes and classes[base.id] is not node)
