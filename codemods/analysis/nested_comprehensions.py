"""Comprehensions with several `for` clauses that compute Python values, as rule tables are read:
`tuple(ax for name in ("batch", "vocab") for ax in self.rules[name])` gives the mesh axes of some
logical names, in order.

Each clause iterates a sequence known item by item (a tuple or list, a dict's keys), its `if`s
decided for every item; the elements are computed silently and kept only when every one is a
Python value (names, numbers, tuples of them): a comprehension over arrays, whose collectives
would need judging element by element, stays unknown, as before.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import ast

from codemods.analysis.nodes import NOT_LITERAL, target_names
from codemods.analysis.pyvalues import python_value
from codemods.analysis.values import Const, DictValue, TrueObject, TupleValue, Value, record_tuple

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame, Interpreter

_MOST_ELEMENTS = 256  # a larger product is left unknown
# Python values whose truth a comprehension's `if` may be decided by (not arrays: their truth is
# a traced value or raises).
_DECIDED = (bool, int, str, float, type(None), tuple)


def nested_values(interp: Interpreter, expr, parts: list[ast.expr], frame: Frame) -> list[list[Value]] | None:
    """The values of `parts` for each element of a comprehension of several `for` clauses, or
    None when not every element is known as a Python value."""
    if len(expr.generators) < 2 or any(generator.is_async for generator in expr.generators):
        return None
    results: list[list[Value]] = []
    interp.silent += 1  # values only: nothing in it is judged
    try:
        if not _walk(interp, expr.generators, parts, frame, results):
            return None
    finally:
        interp.silent -= 1
    if any(python_value(value) is NOT_LITERAL for result in results for value in result):
        return None
    return results


def _walk(interp: Interpreter, generators, parts, frame: Frame, results: list) -> bool:
    generator, rest = generators[0], generators[1:]
    items = _items(interp.eval(generator.iter, frame))
    if items is None:
        return False
    for item in items:
        inner, passed = round_tests(interp, generator, item, frame)  # (each clause binds its own target)
        if passed is None:
            return False
        if not passed:
            continue
        if rest:
            if not _walk(interp, rest, parts, inner, results):
                return False
        else:
            results.append([interp.eval(part, inner) for part in parts])
        if len(results) > _MOST_ELEMENTS:
            return False
    return True


def round_tests(interp: Interpreter, generator: ast.comprehension, item: Value, frame: Frame):
    """(the frame of one round of a comprehension clause, its target bound to `item`, and whether
    its `if`s keep the item: None unless every test is a Python constant)."""
    inner = type(frame)(frame.function, frame, local_names=frozenset(target_names(generator.target)),
                        loops=frame.loops)
    interp.assign(generator.target, item, inner)
    tests = [interp.eval(test, inner) for test in generator.ifs]
    if not all(isinstance(test, Const) and (type(test.value) in _DECIDED or isinstance(test.value, tuple))
               or isinstance(test, TrueObject) for test in tests):
        return inner, None
    return inner, all(test.value if isinstance(test, Const) else True for test in tests)  # a match object: true


def _items(iterated: Value) -> list[Value] | None:
    iterated = record_tuple(iterated)
    if isinstance(iterated, DictValue):
        return [Const(key) for key in iterated.keys]
    if isinstance(iterated, TupleValue):
        return list(iterated.items)
    if isinstance(iterated, Const) and isinstance(iterated.value, (tuple, str)):
        return [Const(item) for item in iterated.value]
    return None
