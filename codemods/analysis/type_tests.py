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

from codemods.analysis.nodes import DEFS, iter_nodes, nodes_of_type, reads_types


def inspects_types(test: ast.expr, tree: ast.Module) -> bool:
    """Whether `test` reads a value's type itself, or through a function or a name of the file."""
    if reads_types(test):
        return True
    askers = _askers(tree)
    if not askers:
        return False
    for node in iter_nodes(test):
        if (type(node) is ast.Name and node.id in askers) or (type(node) is ast.Attribute and node.attr in askers):
            return True
    return False


def _askers(tree: ast.Module) -> frozenset[str]:
    """Names of functions whose returned value reads a type (also through another such
    function), and names assigned a value that reads one or calls such a function (cached on
    the tree). Names do not pass it on to names: `x = pcast(x, missing)` does not ask."""
    cached = getattr(tree, "_shardfix_type_askers", None)
    if cached is not None:
        return cached
    functions: set[str] = set()
    returned = [(node.name, _returned(node)) for kind in DEFS for node in nodes_of_type(tree, kind)]
    changed = True
    while changed:  # a function asking through another one: to a fixpoint
        changed = False
        for name, values in returned:
            if name not in functions and any(_asks(value, functions) for value in values):
                functions.add(name)
                changed = True
    assigned = [(target.id, node.value) for node in nodes_of_type(tree, ast.Assign)
                for target in node.targets if type(target) is ast.Name]
    assigned += [(node.target.id, node.value) for node in nodes_of_type(tree, ast.NamedExpr)]
    assigned += [(node.target.id, node.value) for node in nodes_of_type(tree, ast.AnnAssign)
                 if type(node.target) is ast.Name and node.value is not None]
    result = frozenset(functions | {name for name, value in assigned if _asks(value, functions)})
    tree._shardfix_type_askers = result
    return result


def _returned(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.expr]:
    """The values `function` itself returns (not those of functions nested in it)."""
    values: list[ast.expr] = []
    pending: list[ast.AST] = list(function.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (*DEFS, ast.Lambda, ast.ClassDef)):
            continue
        if type(node) is ast.Return and node.value is not None:
            values.append(node.value)
        pending.extend(ast.iter_child_nodes(node))
    return values


def _asks(value: ast.expr, functions: set[str]) -> bool:
    """`value` reads a type, or calls a function that returns one."""
    if reads_types(value):
        return True
    for node in iter_nodes(value):
        if type(node) is ast.Call:
            func = node.func
            if (type(func) is ast.Name and func.id in functions) or (type(func) is ast.Attribute and func.attr in functions):
                return True
    return False
