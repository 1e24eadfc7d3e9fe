"""`iter(obj)` of a module object whose `__iter__` is a generator handing out its fields
(`def __iter__(self): yield from (self.x, self.v)`) in a script run (script_operators.py; issue 13):
a state record unpacked by `State(*(f(a) for a in state))` or `x, v = state`.

A generator's body runs as its items are asked for; one whose whole body is a single
`yield from` of a tuple or list display of names, attribute reads and constants evaluates the
whole display at its first step and then only hands the items out, so taking every item when
the object is first walked gives the items Python gives, as the run reads a list it walks when
the walk starts. Any other generator body is walked by its own model.
"""
from __future__ import annotations

import ast

from codemods.analysis.host_objects import Bail


def fields_generator(node: ast.FunctionDef) -> bool:
    body = [s for s in node.body if not (type(s) is ast.Expr and type(s.value) is ast.Constant and type(s.value.value) is str)]
    if len(body) != 1 or type(body[0]) is not ast.Expr or type(body[0].value) is not ast.YieldFrom:
        return False
    source = body[0].value.value
    return type(source) in (ast.Tuple, ast.List) and all(_plain_read(item) for item in source.elts)


def _plain_read(node: ast.expr) -> bool:
    if type(node) is ast.Attribute:
        return _plain_read(node.value)
    return type(node) in (ast.Name, ast.Constant)


def object_items(run, obj, hook) -> list:
    """Every item of a fields generator's `__iter__`, the attributes read plainly."""
    from codemods.analysis.script_generators import drained
    from codemods.analysis.script_values import Bound

    made = run.call(Bound(hook, obj), [], {})
    if type(made).__name__ != "GenRun":
        raise Bail
    return drained(made)
