"""Whether the item of a legacy `with x:` is certainly a `Mesh`, where the mesh reaches the `with`
through a parameter or a field (SF104's mesh findings, mesh_reach.py).

`with mesh:` of a `jax.sharding.Mesh` sets no context mesh since jax 0.8.1 (top_level_all_gather
raises under it as without one; checked on 0.10.2). mesh_reach.py knows the item when it is built
in place or assigned once; frameworks hand the mesh down instead:
- a parameter of a module function bound once, every reference to which is a call passing, at
  that place (by position or keyword), something that is certainly a Mesh (`save(params, mesh)`
  called with `mesh = jax.make_mesh(...)`);
- `self.<field>` in a method of a module class without bases, when the module stores that field
  name only once, `self.<field> = <parameter>` at the top of the class's `__init__`, and every
  reference to the class is a construction passing a Mesh for that parameter (no subclass, no
  instance made elsewhere by `copy` or `__new__` from this module's code).
A default value, `*args`/`**kwargs`, `setattr`, `vars`/`__dict__` or anything else leaves the item
unknown: it may then be a context that sets a mesh.
"""
from __future__ import annotations

import ast
from typing import Callable

from codemods.analysis.nodes import argument_at

MAX_HOPS = 4
# Names through which code may store a field without writing `obj.field = ...`.
_INDIRECT_STORES = ("setattr", "vars", "__dict__", "__setattr__", "copy", "__new__", "replace")


def certainly_mesh(reach, expr: ast.expr, is_mesh: Callable[[ast.expr], bool], hops: int = 0) -> bool:
    """Whether `expr` (a `with` item, or an argument passed on the way) is a parameter or a field
    that holds a Mesh on every way the module reaches it; `is_mesh` says it of a value read in place."""
    if hops > MAX_HOPS:
        return False
    if isinstance(expr, ast.Name):
        return _parameter_mesh(reach, expr, is_mesh, hops)
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and isinstance(expr.ctx, ast.Load):
        return _field_mesh(reach, expr, is_mesh, hops)
    return False


def _passes_mesh(reach, expr: ast.expr, is_mesh, hops: int) -> bool:
    return is_mesh(expr) or certainly_mesh(reach, expr, is_mesh, hops + 1)


def _enclosing_def(reach, node: ast.AST) -> ast.FunctionDef | None:
    node = reach.parents.get(id(node))
    while node is not None and not isinstance(node, (ast.FunctionDef, ast.Module, ast.Lambda,
                                                      ast.ClassDef, ast.AsyncFunctionDef)):
        node = reach.parents.get(id(node))
    return node if isinstance(node, ast.FunctionDef) else None


def _parameter_index(function: ast.FunctionDef, name: str) -> tuple[int, bool] | None:
    """(place among the positional parameters, whether a keyword may name it) of a plain
    parameter without a default that the function never rebinds; None otherwise."""
    arguments = function.args
    positional = [arg.arg for arg in (*arguments.posonlyargs, *arguments.args)]
    if name not in positional:
        return None
    index = positional.index(name)
    if index >= len(positional) - len(arguments.defaults):
        return None  # a default may stand in for the mesh
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load) \
                or isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names \
                or isinstance(node, (ast.FunctionDef, ast.Lambda, ast.AsyncFunctionDef)) and node is not function \
                and name in {arg.arg for arg in ast.walk(node.args) if isinstance(arg, ast.arg)}:
            return None
    return index, index >= len(arguments.posonlyargs)


def _parameter_mesh(reach, name: ast.Name, is_mesh, hops: int) -> bool:
    function = _enclosing_def(reach, name)
    if function is None or not isinstance(reach.parents.get(id(function)), ast.Module) \
            or reach.bound.get(function.name) != 1 or function.decorator_list:
        return False
    place = _parameter_index(function, name.id)
    uses = reach.references.get(function.name, [])
    if place is None or not uses:
        return False
    for use in uses:
        site = reach.parents.get(id(use))
        if not (isinstance(site, ast.Call) and site.func is use):
            return False  # passed as a value: called where the file does not show
        passed = argument_at(site, place[0], name.id if place[1] else "")
        if passed is None or not _passes_mesh(reach, passed, is_mesh, hops):
            return False
    return True


def _field_mesh(reach, read: ast.Attribute, is_mesh, hops: int) -> bool:
    method = _enclosing_def(reach, read)
    owner = reach.parents.get(id(method)) if method is not None else None
    if not isinstance(owner, ast.ClassDef) or not isinstance(reach.parents.get(id(owner)), ast.Module) \
            or owner.bases or owner.keywords or owner.decorator_list or reach.bound.get(owner.name) != 1 \
            or not method.args.args or read.value.id != method.args.args[0].arg \
            or any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in method.decorator_list) \
            or any(reach.references.get(name) or reach.references.get("." + name) for name in _INDIRECT_STORES):
        return False
    stores = [node for node in reach.references.get("." + read.attr, []) if not isinstance(node.ctx, ast.Load)]
    init = next((stmt for stmt in owner.body if isinstance(stmt, ast.FunctionDef) and stmt.name == "__init__"), None)
    if len(stores) != 1 or init is None or not init.args.args or init.decorator_list:
        return False
    store = stores[0]
    statement = reach.parents.get(id(store))
    if not (isinstance(statement, ast.Assign) and statement in init.body and statement.targets == [store]
            and isinstance(store.value, ast.Name) and store.value.id == init.args.args[0].arg
            and isinstance(statement.value, ast.Name)):
        return False
    parameter = statement.value.id
    place = _parameter_index(init, parameter)
    if place is None or place[0] == 0 or any(isinstance(node, (ast.Return, ast.Raise)) for node in
                                               init.body[:init.body.index(statement)]):
        return False
    uses = reach.references.get(owner.name, [])
    if not uses or any(stmt.name in ("__new__", "__init_subclass__") for stmt in owner.body
                       if isinstance(stmt, ast.FunctionDef)):
        return False
    for use in uses:
        site = reach.parents.get(id(use))
        if not (isinstance(site, ast.Call) and site.func is use):
            return False  # a base class, or the class passed as a value
        passed = argument_at(site, place[0] - 1, parameter if place[1] else "")
        if passed is None or not _passes_mesh(reach, passed, is_mesh, hops):
            return False
    return True
