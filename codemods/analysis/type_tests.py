"""Conditions that ask a value's type through a helper or a name.

`reads_types` sees `if axis in jax.typeof(x).mat.varying:` written in the test itself. Code also
asks through a function (`if not varies_on(x, axis):` with `def varies_on(x, a): return a in
jax.typeof(x).mat.varying`, a method `self._is_varying(x)`, a lambda bound to a name) or through
a name bound to the answer (`varying = jax.typeof(x).mat.varying` ... `if axis in varying:`).
Such a branch is taken for some states only, like one whose test reads the type directly.

Functions and names are matched by name across the file (any scope): a test calling any def of
that name, or reading any name so bound, counts as asking. That can only make a branch unsure,
which withholds findings, never makes one.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import (
    DEFS,
    TYPE_READS,
    iter_nodes,
    module_parents,
    nodes_of_type,
    reads_types,
    subtree_nodes,
)


def inspects_types(test: ast.expr, tree: ast.Module) -> bool:
    """Whether `test` reads a value's type itself, or through a function or a name of the file."""
    if reads_types(test):
        return True
    askers = getattr(tree, "_shardfix_type_askers", None)
    if askers is None:
        askers = tree._shardfix_type_askers = _Askers()
    for node in iter_nodes(test):
        if (type(node) is ast.Name and askers.asks(tree, node.id)) or (type(node) is ast.Attribute and askers.asks(tree, node.attr)):
            return True
    return False


class _Askers:
    """Names of functions whose returned value reads a type (also through another such
    function), and names assigned a value that reads one or calls such a function. Names do not
    pass it on to names: `x = pcast(x, missing)` does not ask. Found as a test asks: the
    functions once per file, a name's assigned values when a test first reads that name (most
    assignments of a file are never asked about)."""

    def __init__(self) -> None:  # kept on the tree: it holds no reference back to it
        self._functions: set[str] | None = None
        self._names: dict[str, bool] = {}
        self._assigned: dict[str, list[ast.expr]] | None = None

    def asks(self, tree: ast.Module, name: str) -> bool:
        found = self._names.get(name)
        if found is None:
            functions = self.functions(tree)
            found = name in functions or any(_asks(_summary(tree, value), functions) for value in self.assigned(tree).get(name, ()))
            self._names[name] = found
        return found

    def functions(self, tree: ast.Module) -> set[str]:
        if self._functions is None:
            self._functions = _asking_functions(tree)
        return self._functions

    def assigned(self, tree: ast.Module) -> dict[str, list[ast.expr]]:
        if self._assigned is None:
            found: dict[str, list[ast.expr]] = {}
            for node in nodes_of_type(tree, ast.Assign):
                for target in node.targets:
                    if type(target) is ast.Name:
                        found.setdefault(target.id, []).append(node.value)
            for node in nodes_of_type(tree, ast.NamedExpr):
                found.setdefault(node.target.id, []).append(node.value)
            for node in nodes_of_type(tree, ast.AnnAssign):
                if type(node.target) is ast.Name and node.value is not None:
                    found.setdefault(node.target.id, []).append(node.value)
            self._assigned = found
        return self._assigned


def _asking_functions(tree: ast.Module) -> set[str]:
    """Functions (by name) a returned value of which reads a type or calls such a function."""
    parents = module_parents(tree)
    returned: dict[int, list[tuple[bool, frozenset[str]]]] = {}
    for node in nodes_of_type(tree, ast.Return):
        if node.value is None:
            continue
        owner = parents.get(id(node))
        while owner is not None and not isinstance(owner, _OWNERS):
            owner = parents.get(id(owner))
        if owner is not None and type(owner) in DEFS:  # a function's own return, not a nested one's
            returned.setdefault(id(owner), []).append(_summary(tree, node.value))
    named = [(function.name, returned.get(id(function), ())) for kind in DEFS for function in nodes_of_type(tree, kind)]
    functions: set[str] = set()
    changed = True
    while changed:  # a function asking through another one: to a fixpoint
        changed = False
        for name, values in named:
            if name not in functions and any(_asks(value, functions) for value in values):
                functions.add(name)
                changed = True
    return functions


_OWNERS = (*DEFS, ast.Lambda, ast.ClassDef)


def _summary(tree: ast.Module, value: ast.expr) -> tuple[bool, frozenset[str]]:
    """Whether `value` reads a type (`reads_types`), and the names (or attribute names) of the
    functions it calls: one look at its nodes, a run of the module's node list."""
    reads = False
    called = set()
    for node in subtree_nodes(tree, value):
        kind = type(node)
        if kind is ast.Call:
            func = node.func
            if type(func) is ast.Name:
                called.add(func.id)
            elif type(func) is ast.Attribute:
                called.add(func.attr)
        elif kind is ast.Attribute:
            reads = reads or node.attr in TYPE_READS
        elif kind is ast.Name:
            reads = reads or node.id in TYPE_READS
    return reads, frozenset(called)


def _asks(summary: tuple[bool, frozenset[str]], functions: set[str]) -> bool:
    """A value reads a type, or calls a function that returns one."""
    return summary[0] or not summary[1].isdisjoint(functions)
