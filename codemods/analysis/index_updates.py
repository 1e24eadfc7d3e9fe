"""`x.at[idx].set(v)` and its kin (issue 13): JAX's functional index updates, as optimizer and
cache code writes them (`buf.at[step].set(g)`, `h.at[:, 0].multiply(2.0)`).

The result varies on every axis the array, an index array or the update varies on, and is
invariant elsewhere (run on jax 0.10.2 for set, add, multiply, mul, min, max and get). A reduced
operand, a keyword (`mode=`, `indices_are_sorted=`) or anything not an array or a Python value
gives an unknown result.
"""
from __future__ import annotations

import ast
from dataclasses import replace
from typing import TYPE_CHECKING

from codemods.analysis.transfer import elementwise
from codemods.analysis.transfer_keys import is_python_value
from codemods.analysis.values import R, U, UNKNOWN, AxisState, Value, as_array

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

UPDATES = frozenset({"set", "add", "multiply", "mul", "min", "max", "get"})


def is_index_update(expr: ast.Call) -> bool:
    func = expr.func
    return type(func) is ast.Attribute and func.attr in UPDATES and type(func.value) is ast.Subscript \
        and type(func.value.value) is ast.Attribute and func.value.value.attr == "at"


def index_update(interp, expr: ast.Call, frame: Frame) -> Value:
    """The state of `base.at[idx].method(args)`; every part is evaluated once, here."""
    at = expr.func.value
    read = ast.copy_location(ast.Subscript(value=at.value.value, slice=at.slice, ctx=ast.Load()), at)
    indexed = interp.eval(read, frame)  # the array and the index arrays, as `base[idx]` reads them
    args, keywords, starred = interp._eval_args(expr, frame)
    if not isinstance(indexed, AxisState):
        interp.forget_arguments(args, keywords)  # `.at` of an object not followed: it may keep them
        return UNKNOWN
    if starred or keywords or indexed.mixed:
        return UNKNOWN
    operands = [indexed]
    for value, _ in args:
        if is_python_value(value):
            continue
        array = as_array(value)
        if array is None:
            return UNKNOWN
        operands.append(array)
    if any(operand.has(R) or operand.has(U) for operand in operands):
        return UNKNOWN
    return replace(elementwise(operands, keeps_reduced=False, why=indexed.why), shape=None)
