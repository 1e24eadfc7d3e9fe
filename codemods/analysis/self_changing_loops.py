"""A `for` whose body changes in place the list or dict it walks (issue 13: adversarial12's
`for item in queue: ... queue.extend(includes[value])`).

Python's `for` over a list asks for the item at the next index after each round, so items the body
appends are walked too (and a removal shifts the rest); a dict walked while its size changes raises
RuntimeError at the next round. The interpreter reads a loop's items once, before it runs
(unrolled rounds, a known item count), which is wrong for such a loop: its items are then read as
unknown. The walked names are the names the `for`'s iterable reads (`queue`, `enumerate(rules)`,
`table.items()`); a change is a mutator method called on one, a subscript stored or deleted in one,
an augmented assignment to one (`queue += more` extends a list in place), or one handed to a call
of a function other than a builtin that only reads (the function may change it). A change the body
makes through another name or a method of the holder is not seen here (mutation.py's readings).
"""
from __future__ import annotations

import ast

from codemods.analysis.mutation import MUTATORS

_READING_BUILTINS = frozenset({"len", "list", "tuple", "sorted", "enumerate", "zip", "str", "repr", "print", "isinstance",
                               "any", "all", "sum", "min", "max", "set", "frozenset", "dict", "range", "reversed", "bool",
                               "iter", "hash", "id", "type", "format"})


def changes_what_it_walks(stmt: ast.For | ast.AsyncFor) -> bool:
    walked = _walked(stmt.iter)
    if not walked:
        return False
    for node in (inner for statement in stmt.body for inner in ast.walk(statement)):
        if type(node) is ast.Call:
            func = node.func
            if type(func) is ast.Attribute and func.attr in MUTATORS and _dotted(func.value) in walked:
                return True
            if not (type(func) is ast.Name and func.id in _READING_BUILTINS) and any(
                    _dotted(arg.value if type(arg) is ast.Starred else arg) in walked for arg in node.args) \
                    or any(_dotted(keyword.value) in walked for keyword in node.keywords):
                return True
        elif type(node) is ast.AugAssign and _dotted(node.target) in walked:
            return True
        elif type(node) is ast.Subscript and type(node.ctx) is not ast.Load and _dotted(node.value) in walked:
            return True
    return False


def _walked(expr: ast.expr) -> set[str]:
    """The names and attribute chains an iterable reads whole (`queue`, `self.rules`, not `self`)."""
    inner = {id(node.value) for node in ast.walk(expr) if type(node) is ast.Attribute}
    return {text for node in ast.walk(expr) if type(node) in (ast.Name, ast.Attribute) and id(node) not in inner
            and (text := _dotted(node)) is not None}


def _dotted(node: ast.expr) -> str | None:
    if type(node) is ast.Name:
        return node.id
    if type(node) is ast.Attribute:
        base = _dotted(node.value)
        return None if base is None else base + "." + node.attr
    return None
