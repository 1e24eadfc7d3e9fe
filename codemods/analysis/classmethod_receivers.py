"""Which classes a classmethod's `cls(...)` builds (issue 13).

`ConfigMixin.from_config` is inherited by every config class of a diffusers-like module, but
`cls(**config)` in it builds an object of the class it is read through: `VQModel.from_config(...)`
builds a VQModel, never the VectorQuantizer that VQModel's `__init__` makes. When every read of
the method's name is `Name.method` of a module class, other classes are not built there.
"""
from __future__ import annotations

import ast

from codemods.analysis.named_reads import reads_by_computed_name
from codemods.analysis.nodes import nodes_of_type


def builds_only_others(scope, method: ast.FunctionDef, cls: ast.ClassDef) -> bool:
    """Every read of the classmethod `method` goes through a module class other than `cls`."""
    name = method.name
    reads = [node for node in nodes_of_type(scope.tree, ast.Attribute) if node.attr == name]
    owners = {node.value.id for node in reads if type(node.value) is ast.Name}
    return bool(reads) and all(type(node.value) is ast.Name for node in reads) and cls.name not in owners \
        and all(_only_the_class(scope.tree, owner) for owner in owners) \
        and not any(type(node.value) is str and node.value == name for node in nodes_of_type(scope.tree, ast.Constant)) \
        and not reads_by_computed_name(scope, {name})


def _only_the_class(tree: ast.Module, name: str) -> bool:
    """`name` is bound once in the whole file, by a class statement at module level."""
    if sum(type(stmt) is ast.ClassDef and stmt.name == name for stmt in tree.body) != 1:
        return False
    for node in ast.walk(tree):
        if type(node) is ast.Name and node.id == name and not isinstance(node.ctx, ast.Load) \
                or type(node) is ast.arg and node.arg == name \
                or type(node) is ast.alias and (node.asname or node.name.split(".")[0]) == name \
                or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name \
                or type(node) is ast.ClassDef and node.name == name and node not in tree.body \
                or type(node) in (ast.Global, ast.Nonlocal) and name in node.names:
            return False
    return True
