"""Names one assignment may bind to one object (issue 13, found by benchmarks/adversarial11):
every target of `a = b = {...}` gets the same object, and the items of `a, b = f()` (or of any
value but a display of as many items) may be one object twice (`return cfg, cfg`). A change
through one such name is a change through the others (mutation.py's aliases)."""
from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from itertools import combinations

_SEQUENCES = (ast.Tuple, ast.List)


def shared_targets(node: ast.Assign, key: Callable[[ast.AST], str | None]) -> Iterator[tuple[str, str]]:
    """Pairs of alias keys (as `key` spells them) the assignment may bind to one object, each
    pair both ways round."""
    if len(node.targets) == 1 and type(node.targets[0]) not in _SEQUENCES:
        return
    keys = [found for target in node.targets for found in _keys(target, node.value, key)]
    for one, other in combinations(dict.fromkeys(keys), 2):
        yield one, other
        yield other, one


def _keys(target: ast.expr, value: ast.expr, key) -> list[str]:
    if type(target) is ast.Starred:
        target = target.value
    if type(target) in _SEQUENCES:
        if type(value) in _SEQUENCES and len(value.elts) == len(target.elts) \
                and not any(type(item) is ast.Starred for item in (*target.elts, *value.elts)):
            return []  # item by item: mutation.py ties each to its own item
        return [found for element in target.elts for found in _keys(element, value, key)]
    found = key(target)
    return [found] if found is not None else []
