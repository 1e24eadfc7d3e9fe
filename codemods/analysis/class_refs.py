"""Where a module names a class or one of its members by a bare name without using it as a
value: the class body's own references to a method, and annotations, `isinstance` checks and
base lists that name the class but construct nothing."""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, iter_nodes, nodes_of_type


def class_level_references(cls: ast.ClassDef, name: str) -> int:
    """Bare-name uses of `name` the class body itself evaluates (outside its methods' bodies):
    the only place a method is reachable by its bare name."""
    parts: list[ast.AST] = []
    for stmt in cls.body:
        if isinstance(stmt, DEFS):
            parts.extend(stmt.decorator_list)
            parts.extend(stmt.args.defaults + [default for default in stmt.args.kw_defaults if default is not None])
        else:
            parts.append(stmt)
    return sum(1 for part in parts for node in nodes_of_type(part, ast.Name) if node.id == name)


def harmless_references(tree: ast.Module, name: str) -> set[int]:
    """Ids of references to class `name` that construct nothing: annotations, `isinstance` /
    `issubclass` second arguments, base lists."""
    found: set[int] = set()

    def mark(node: ast.AST | None) -> None:
        if node is not None:
            found.update(id(inner) for inner in nodes_of_type(node, ast.Name) if inner.id == name)

    for node in iter_nodes(tree):
        kind = type(node)
        if kind in (ast.arg, ast.AnnAssign):
            mark(node.annotation)
        elif kind in DEFS:
            mark(node.returns)
        elif kind is ast.ClassDef:
            for base in node.bases:
                mark(base)
        elif kind is ast.Call and isinstance(node.func, ast.Name) and node.func.id in ("isinstance", "issubclass") \
                and len(node.args) == 2:
            mark(node.args[1])
    return found
