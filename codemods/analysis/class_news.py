"""Constructions a `__new__` of the module's classes takes over (classes.Classes.class_facts).

`Plan(axes)` runs `Plan.__new__(Plan, axes)` first, and `__init__` only on what it returns when
that is an instance of Plan: a `__new__` may hand back an object of another class (whose fields
the call's arguments never set), or a cached instance that each later `Plan(...)` initialises
again (so an object built first holds what the last construction gave). A class whose own body or
a module base up its chain binds `__new__` is therefore not read as built by its `__init__`.
"""
from __future__ import annotations

import ast

from codemods.analysis.scopes import bindings_of

_MAX_DEPTH = 8


def built_by_new(cls: ast.ClassDef, classes: dict[str, ast.ClassDef], depth: int = 0) -> bool:
    """Does a `__new__` bound in `cls` or a module base up its chain run at its construction?"""
    if depth > _MAX_DEPTH or bindings_of(cls).binds("__new__"):
        return True
    return any(type(base) is ast.Name and base.id in classes and classes[base.id] is not cls
               and built_by_new(classes[base.id], classes, depth + 1) for base in cls.bases)
