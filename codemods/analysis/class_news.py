"""Constructions a `__new__` of the module's classes takes over (classes.Classes.class_facts).

`Plan(axes)` runs `Plan.__new__(Plan, axes)` first, and `__init__` only on what it returns when
that is an instance of Plan: a `__new__` may hand back an object of another class (whose fields
the call's arguments never set), or a cached instance that each later `Plan(...)` initialises
again (so an object built first holds what the last construction gave). A class whose own body or
a module base up its chain binds `__new__` is therefore not read as built by its `__init__`,
unless that `__new__` only allocates (`return super().__new__(cls)`, `return object.__new__(cls)`).
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, positional_params
from codemods.analysis.scopes import bindings_of

_MAX_DEPTH = 8


def built_by_new(cls: ast.ClassDef, classes: dict[str, ast.ClassDef], depth: int = 0) -> bool:
    """Does a `__new__` bound in `cls` or a module base up its chain run at its construction?"""
    if depth > _MAX_DEPTH or bindings_of(cls).binds("__new__") and not _allocates(cls):
        return True
    return any(type(base) is ast.Name and base.id in classes and classes[base.id] is not cls
               and built_by_new(classes[base.id], classes, depth + 1) for base in cls.bases)


def _allocates(cls: ast.ClassDef) -> bool:
    """The class's one `__new__` is a plain def whose body only returns `super().__new__(cls)` or
    `object.__new__(cls)` of its first parameter: a new object of the class, as without it."""
    news = [member for member in cls.body if isinstance(member, DEFS) and member.name == "__new__"]
    if len(news) != 1 or type(news[0]) is not ast.FunctionDef or news[0].decorator_list \
            or not positional_params(news[0].args) or sum(1 for member in cls.body if _binds_new(member)) != 1:
        return False
    body = [stmt for stmt in news[0].body if not (type(stmt) is ast.Expr and type(stmt.value) is ast.Constant)]
    first = positional_params(news[0].args)[0].arg
    if len(body) != 1 or type(body[0]) is not ast.Return or type(call := body[0].value) is not ast.Call:
        return False
    owner = call.func.value if type(call.func) is ast.Attribute and call.func.attr == "__new__" else None
    plain = type(owner) is ast.Name and owner.id == "object" or type(owner) is ast.Call and type(owner.func) is ast.Name \
        and owner.func.id == "super" and not owner.args and not owner.keywords
    return plain and not call.keywords and len(call.args) == 1 and type(call.args[0]) is ast.Name and call.args[0].id == first


def _binds_new(member: ast.stmt) -> bool:
    return isinstance(member, DEFS) and member.name == "__new__" or type(member) in (ast.Assign, ast.AnnAssign, ast.AugAssign) \
        and "__new__" in {node.id for node in ast.walk(member) if type(node) is ast.Name and type(node.ctx) is ast.Store}
