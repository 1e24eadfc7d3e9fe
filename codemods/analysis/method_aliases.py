"""A method bound under a second name in its class body: `__call__ = forward` (PyTorch ports),
`apply = __call__`. The alias is the same function object, so reading it is reading the method,
and every use of the alias is a use of the method."""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS


def _bound_names(stmt: ast.stmt) -> set[str]:
    """Names a class-body statement binds (a def or class by its name, an assignment by its
    targets, however nested)."""
    if isinstance(stmt, DEFS + (ast.ClassDef,)):
        return {stmt.name}
    return {node.id for node in ast.walk(stmt) if type(node) is ast.Name and isinstance(node.ctx, (ast.Store, ast.Del))}


def _plain_alias(stmt: ast.stmt) -> tuple[str, str] | None:
    if type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name \
            and type(stmt.value) is ast.Name:
        return stmt.targets[0].id, stmt.value.id
    return None


def aliased_def(cls: ast.ClassDef, attr: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The def `attr` is a second name of (`attr = name` with `name` a def above it), when the
    class body binds each of the two names once and nothing else; else None."""
    binders = [stmt for stmt in cls.body if attr in _bound_names(stmt)]
    if len(binders) != 1 or (pair := _plain_alias(binders[0])) is None:
        return None
    target = pair[1]
    defs = [stmt for stmt in cls.body if target in _bound_names(stmt)]
    if len(defs) != 1 or not isinstance(defs[0], DEFS) or defs[0].lineno >= binders[0].lineno:
        return None
    return defs[0]


def aliases_of(cls: ast.ClassDef, name: str) -> list[str]:
    """The names the class body binds as second names of method `name`."""
    found = []
    for stmt in cls.body:
        pair = _plain_alias(stmt)
        if pair is not None and pair[1] == name and aliased_def(cls, pair[0]) is not None:
            found.append(pair[0])
    return found
