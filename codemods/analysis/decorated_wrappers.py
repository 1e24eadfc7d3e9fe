"""The wrapper a module decorator returns (issue 13): `def cross_shard_mean(axes): def deco(fn):
def wrapper(*args): ...; return wrapper; return deco`, applied as `@cross_shard_mean(axes=...)`
over a module def (or `def deco(fn): ...; return wrapper` applied as `@deco`).

The wrapper runs wherever the decorated name is called or handed on (the name is bound to it).
Its reference in the decorator (`return wrapper`) counts as analysed when the decorator (or its
factory) is used only as the one decorator of module defs, and every read of each decorated name
was analysed (wrapper_decorators.py runs the decoration; evaluated_bodies.py makes the wrapper a
shard_map body read through the name).
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, nodes_of_type


class DecoratedWrappers:
    """Interpreter half (the Interpreter supplies scope and the parent map)."""

    def decorated_analysed(self, parent: ast.AST, refs: set[int], analysed: set[int]) -> bool:
        if not refs or not isinstance(parent, DEFS) or self.scope.class_of(parent) is not None:
            return False
        parents = self._parent_map()
        if not refs <= {id(node) for node in nodes_of_type(parent, ast.Name)} \
                or any(type(parents.get(ref)) is not ast.Return for ref in refs):
            return False  # only `return wrapper` of the decorator itself
        outer = parents.get(id(parent))
        if type(outer) is ast.Module:
            factory, called = parent, False  # `@deco`
        elif isinstance(outer, DEFS) and type(parents.get(id(outer))) is ast.Module and \
                self._only_returned(outer, parent.name):
            factory, called = outer, True  # `@factory(...)` returning `deco`
        else:
            return False
        if self.scope.globals.unique_function(factory.name) is not factory:
            return False
        decorated = []
        for node in nodes_of_type(self.scope.tree, ast.Name):
            if node.id != factory.name:
                continue
            use = parents.get(id(node))
            written = use if called and type(use) is ast.Call and use.func is node else node
            owner = parents.get(id(written))
            if called and written is node or not isinstance(owner, DEFS) or owner.decorator_list != [written] \
                    or type(parents.get(id(owner))) is not ast.Module \
                    or self.scope.globals.unique_function(owner.name) is not owner:
                return False
            decorated.append(owner)
        return bool(decorated) and all(
            id(node) in analysed for owner in decorated for node in nodes_of_type(self.scope.tree, ast.Name)
            if node.id == owner.name and isinstance(node.ctx, ast.Load))

    def _only_returned(self, factory: ast.AST, name: str) -> bool:
        """`deco` is read in `factory` only by `return deco`."""
        parents = self._parent_map()
        reads = [node for node in nodes_of_type(factory, ast.Name) if node.id == name and isinstance(node.ctx, ast.Load)]
        return bool(reads) and all(type(parents.get(id(node))) is ast.Return for node in reads)
