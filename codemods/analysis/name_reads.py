"""The loads of a name that may read one binding of it, by Python's scoping (issue 13).

`usage = PrototypeUsage(cfg)` in `main` and a local `usage = jnp.sum(full, ...)` in the class's
`__call__` are two variables: a search of the whole module for `usage` would count the method's
local as a read of the object and leave the object's `__call__` open for nothing.

A load reads the binding when Python resolves it to the binding's scope: the innermost function
around the load that binds the name is that scope (the module when none does and the binding is
at module level). Only a function that certainly binds the name locally removes a load: its
parameters and the targets the scope's own statements assign. A `global` or `nonlocal` of the
name anywhere, or a scope this reading does not model (a class body, a comprehension, a walrus),
keeps every load: more reads only leave an object open, never judge one.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, all_param_names, nodes_of_type
from codemods.analysis.scopes import bindings_of


def binding_reads(tree: ast.Module, target: ast.Name, parents: dict[int, ast.AST]) -> list[ast.Name]:
    """The loads of `target.id` that may read the binding `target` (a Store Name)."""
    name = target.id
    reads = [node for node in nodes_of_type(tree, ast.Name) if node.id == name and isinstance(node.ctx, ast.Load)]
    if any(name in stmt.names for kind in (ast.Global, ast.Nonlocal) for stmt in nodes_of_type(tree, kind)):
        return reads
    home = _function_of(target, parents)
    return [read for read in reads if _resolves_to(read, name, home, parents)]


def _function_of(node: ast.AST, parents: dict[int, ast.AST]) -> ast.AST | None:
    """The def or lambda whose scope holds `node` (None: the module). A default or a decorator
    belongs to the scope around the def, as Python evaluates it there."""
    child, parent = node, parents.get(id(node))
    while parent is not None:
        if isinstance(parent, DEFS + (ast.Lambda,)) and child not in _outside_parts(parent):
            return parent
        child, parent = parent, parents.get(id(parent))
    return None


def _outside_parts(function: ast.AST) -> list[ast.AST]:
    """The parts of a def evaluated in the scope around it: defaults, decorators, annotations."""
    args = function.args
    parts = list(args.defaults) + [d for d in args.kw_defaults if d is not None] + [args]
    if isinstance(function, DEFS):
        parts += list(function.decorator_list) + ([function.returns] if function.returns is not None else [])
    return parts


def _resolves_to(read: ast.Name, name: str, home: ast.AST | None, parents: dict[int, ast.AST]) -> bool:
    function = _function_of(read, parents)
    while function is not None:
        if function is home:
            return True
        if _binds_locally(function, name):
            return False
        function = _function_of(function, parents)
    return home is None


def _binds_locally(function: ast.AST, name: str) -> bool:
    if name in all_param_names(function.args):
        return True
    return isinstance(function, DEFS) and bindings_of(function).binds(name)
