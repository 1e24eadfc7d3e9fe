"""Comparisons of sequences whose kind is not kept (issue 13, found by benchmarks/adversarial11).

The analysis holds lists and tuples alike (a list display, `list(...)`, `sorted(...)`,
`str.split` and `json.loads` lists are tuples to it), but Python tells them apart: a list never
equals a tuple (`["i", "j"] == ("i", "j")` is False), membership compares items the same way, and
a list does not order against a tuple (TypeError). So an outcome stands only where it holds
whatever kind each sequence has: an inequality (if the items differ, no choice of kinds makes
them equal), never an equality, a membership found, or an ordering that involves a sequence.
"""
from __future__ import annotations

import ast


def kind_blind(op: ast.cmpop, left: object, right: object, outcome: bool) -> bool:
    """Whether `left <op> right`, computed on tuples, gives `outcome` whatever lists they were."""
    kind = type(op)
    if kind is ast.Is or kind is ast.IsNot:
        return True  # decided only against None, True and False
    if kind is ast.In or kind is ast.NotIn:  # the container's own kind does not matter
        if not (isinstance(left, tuple) or isinstance(right, tuple) and any(isinstance(item, tuple) for item in right)):
            return True
        return not outcome if kind is ast.In else outcome
    if not (isinstance(left, tuple) or isinstance(right, tuple)):
        return True
    if kind is ast.Eq:
        return not outcome
    if kind is ast.NotEq:
        return outcome
    return False  # a list and a tuple do not order
