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
(its stores may go anywhere): `hooked_class` tells. `object.__setattr__(self, "_frozen", frozen)`
at the top level of a class's `__init__` is a store of that one attribute on the object being
built (ml_collections' `ConfigDict` written by hand), no change of any other.
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
    """Ids of the `__setattr__` attributes of those calls, and of `object.__setattr__(self, "_frozen",
    frozen)` in a class's own `__init__`: a store of one named attribute on the object being built,
    as `self._frozen = frozen` would be where `__setattr__` is the class's own."""
    cache = tree.__dict__
    if "_shardfix_passing_references" not in cache:
        found = {id(call.func) for calls in passed_setattrs(tree).values() for call in calls}
        initial = [(member, positional_params(member.args)[0].arg) for cls in tree.body if type(cls) is ast.ClassDef
                   for member in cls.body if type(member) is ast.FunctionDef and member.name == "__init__"
                   and positional_params(member.args)]
        stores = [stmt.value for init, me in initial for stmt in init.body
                  if type(stmt) is ast.Expr and _passing(stmt.value, me) and type(stmt.value.func.value) is ast.Name
                  and type(stmt.value.args[1]) is ast.Constant and type(stmt.value.args[1].value) is str]
        if stores and not _binds_builtins(tree):
            found.update(id(call.func) for call in stores)
        cache["_shardfix_passing_references"] = frozenset(found)
    return cache["_shardfix_passing_references"]


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


def hooked_chain(scope, cls: ast.ClassDef) -> bool:
    """A class Python searches for `cls`'s attributes defines such a `__setattr__` (or the search
    leaves the module while the module has one): any field of its objects may hold what that
    method stored, not what the store wrote."""
    from codemods.analysis.object_methods import class_chain

    hooked = passed_setattrs(scope.tree)
    if not hooked:
        return False
    chain = class_chain(scope, cls)
    return chain is None or any(klass.name in hooked for klass in chain)
