"""A class's own `__setattr__` that hands stores on to `object` (issue 13).

Detectron2's `Instances` files its public attributes in a table and the private ones as usual:

    def __setattr__(self, name, value):
        if name.startswith("_"):
            super().__setattr__(name, value)
        else:
            self.set(name, value)

`super().__setattr__(name, value)` (or `object.__setattr__(self, name, value)`) there stores on
the object being set, an object of that class: it changes no field of another class's objects,
so it does not make every field of the module unknown (classes.Classes._field_changers). The
class itself, and every class of the module deriving from it, is not read as a constructor
(its stores may go anywhere): `hooked_classes` names them.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import names_by_id, nodes_of_type, positional_params


def passed_setattrs(tree: ast.Module) -> dict[str, list[ast.Call]]:
    """Name of a class of the module's top level -> the calls its own `__setattr__` hands stores
    on to `object` with (none where the module binds `super` or `object` itself)."""
    cache = tree.__dict__
    if "_shardfix_own_setattrs" not in cache:
        found: dict[str, list[ast.Call]] = {}
        for cls in tree.body:
            for member in cls.body if type(cls) is ast.ClassDef else ():
                if type(member) is ast.FunctionDef and member.name == "__setattr__" and positional_params(member.args):
                    me = positional_params(member.args)[0].arg
                    calls = [node for node in ast.walk(member) if _passing(node, me)]
                    if calls:
                        found.setdefault(cls.name, []).extend(calls)
        cache["_shardfix_own_setattrs"] = found if not found or not _binds_builtins(tree) else {}
    return cache["_shardfix_own_setattrs"]


def passing_references(tree: ast.Module) -> frozenset[int]:
    """Ids of the `__setattr__` attributes of those calls."""
    return frozenset(id(call.func) for calls in passed_setattrs(tree).values() for call in calls)


def hooked_class(tree: ast.Module, cls: ast.ClassDef, ancestors: set[str]) -> bool:
    """`cls`, or a module class it derives from, hands its stores on from its own `__setattr__`."""
    hooked = passed_setattrs(tree)
    return bool(hooked) and (cls.name in hooked or any(name in hooked for name in ancestors))


def _binds_builtins(tree: ast.Module) -> bool:
    """Some code of the module binds `super` or `object` (the calls above are then not the builtins')."""
    names = ("super", "object")
    by_id = names_by_id(tree)
    return any(type(node.ctx) is not ast.Load for name in names for node in by_id.get(name, ())) \
        or any(node.name in names for kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
               for node in nodes_of_type(tree, kind)) \
        or any(node.arg in names for node in nodes_of_type(tree, ast.arg)) \
        or any((node.asname or node.name.split(".")[0]) in names for node in nodes_of_type(tree, ast.alias))


def _passing(node: ast.AST, me: str) -> bool:
    """`super().__setattr__(...)` or `object.__setattr__(me, ...)`: the `__setattr__` attribute."""
    if type(node) is not ast.Call or type(node.func) is not ast.Attribute or node.func.attr != "__setattr__":
        return False
    owner = node.func.value
    if type(owner) is ast.Call and type(owner.func) is ast.Name and owner.func.id == "super" \
            and not owner.args and not owner.keywords:
        return len(node.args) == 2
    return type(owner) is ast.Name and owner.id == "object" and len(node.args) == 3 \
        and type(node.args[0]) is ast.Name and node.args[0].id == me
