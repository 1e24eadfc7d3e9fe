"""Iterators the analysis reads when they are made, as Python reads them when they are consumed.

A generator expression walks its iterable only as it is consumed: `stripped = (a.strip() for a in
parts)`, then `parts.pop()`, then `tuple(stripped)` gives one item fewer than the list held when
the expression was made. Read at once (an argument of the call that consumes it, the iterable of a
`for` or of a comprehension) the two agree; kept for later, they agree only when nothing the
expression reads may change in place meanwhile (mutation.mutated_names, by name).
"""
from __future__ import annotations

import ast

from codemods.analysis.mutation import mutated_names


def stale_iterator(tree: ast.Module, expr: ast.GeneratorExp | ast.Call) -> bool:
    """Whether the generator expression (or `zip(...)`, `enumerate(...)`, `reversed(...)`) may be
    consumed after something it reads has changed."""
    if id(expr) in _consumed_at_once(tree):
        return False
    changed = mutated_names(tree)
    return any(type(node) is ast.Name and node.id in changed for node in ast.walk(expr))


def _consumed_at_once(tree: ast.Module) -> frozenset[int]:
    cached = tree.__dict__.get("_shardfix_consumed_at_once")
    if cached is None:
        found: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                found.update(id(arg) for arg in node.args if type(arg) in (ast.GeneratorExp, ast.Call))
            elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
                found.add(id(node.iter))
        cached = tree._shardfix_consumed_at_once = frozenset(found)
    return cached
