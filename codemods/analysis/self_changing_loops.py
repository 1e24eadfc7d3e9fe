"""A `for` whose body changes in place the list or dict it walks (issue 13: adversarial12's
`for item in queue: ... queue.extend(includes[value])`).

Python's `for` over a list asks for the item at the next index after each round, so items the body
appends are walked too (and a removal shifts the rest); a dict walked while its size changes raises
RuntimeError at the next round. The interpreter reads a loop's items once, before it runs
(unrolled rounds, a known item count), which is wrong for such a loop: its items are then read as
unknown. The walked names are those whose object the `for` walks live (`queue`,
`enumerate(rules)`, `table.items()`, not `sorted(rules)` nor `range(len(rules))`); a change is a
mutator method called on one, a subscript stored or deleted in one (but `table[key] = ...` of the
key just walked), an augmented assignment to one (`queue += more` extends a list in place), or
one handed to a call of a function other than a builtin that only reads (it may change it). A
change the body makes through another name or a method of the holder is not seen here.
"""
from __future__ import annotations

import ast

from codemods.analysis.mutation import MUTATORS

_LIVE_WRAPPERS = frozenset({"enumerate", "zip", "reversed", "iter", "map", "filter"})
_READING_BUILTINS = frozenset({"len", "list", "tuple", "sorted", "enumerate", "zip", "str", "repr", "print", "isinstance",
                               "any", "all", "sum", "min", "max", "set", "frozenset", "dict", "range", "reversed", "bool",
                               "iter", "hash", "id", "type", "format"})


def walked_value(interp, stmt: ast.For | ast.AsyncFor, frame):
    """What the interpreter reads a `for` to walk: a lazy map (lazy_loops.py), a generator
    (generator_loops.py) or its iterable's value; unknown when the body changes it in place."""
    from codemods.analysis.generator_loops import walked_generator
    from codemods.analysis.lazy_loops import walked_map
    from codemods.analysis.values import UNKNOWN

    iterated = walked_map(interp, stmt, frame)
    if iterated is None:
        iterated = walked_generator(interp, stmt, frame)
    if iterated is None:
        iterated = interp._walked(stmt.iter, frame)
    return UNKNOWN if changes_what_it_walks(stmt) else iterated


def changes_what_it_walks(stmt: ast.For | ast.AsyncFor) -> bool:
    walked = _walked(stmt.iter)
    if not walked:
        return False
    own = {node.id for node in ast.walk(stmt.target) if type(node) is ast.Name}
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
        elif type(node) is ast.Subscript and type(node.ctx) is not ast.Load and _dotted(node.value) in walked \
                and not (type(node.ctx) is ast.Store and type(node.slice) is ast.Name and node.slice.id in own):
            return True  # (`table[key] = ...` of the key walked replaces an item already handed out)
    return False


def _walked(expr: ast.expr) -> set[str]:
    """The names and attribute chains whose lists or dicts the loop walks live: `queue`,
    `self.rules`, `rules` of `enumerate(rules)`, `zip(a, b)`, `table.items()`; not what a copy
    (`sorted(x)`, `list(x)`) or a count (`range(len(x))`) read once, before the first round."""
    if type(expr) in (ast.Name, ast.Attribute):
        text = _dotted(expr)
        return {text} if text is not None else set()
    if type(expr) is ast.Call and not expr.keywords:
        func = expr.func
        if type(func) is ast.Name and func.id in _LIVE_WRAPPERS:
            return {text for arg in expr.args for text in _walked(arg)}
        if type(func) is ast.Attribute and func.attr in ("items", "keys", "values") and not expr.args:
            return _walked(func.value)
    return set()


def _dotted(node: ast.expr) -> str | None:
    if type(node) is ast.Name:
        return node.id
    if type(node) is ast.Attribute:
        base = _dotted(node.value)
        return None if base is None else base + "." + node.attr
    return None
