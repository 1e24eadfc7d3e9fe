"""The first number of `for i in range(n)` when n is not known: the first round, the one JAX
raises in first and the analysis judges, runs with i equal to the start (`range(n)`: 0). Read as
unknown, a branch on it (`if i == 0: cast ... else: scale ...`) would be judged in that round
with a state only later rounds see."""
from __future__ import annotations

import ast

from codemods.analysis.values import Const, JaxName, Value


def first_number(interp, stmt: ast.For | ast.AsyncFor, frame) -> Value | None:
    """Const(start) of a `range(...)` loop with a literal start (or none); else None."""
    call = stmt.iter
    if type(stmt.target) is not ast.Name or type(call) is not ast.Call or call.keywords \
            or not 1 <= len(call.args) <= 3 or any(type(arg) is ast.Starred for arg in call.args):
        return None
    if interp.eval(call.func, frame) != JaxName("builtins.range"):
        return None
    if len(call.args) == 1:
        return Const(0)
    start = call.args[0]
    if type(start) is ast.Constant and type(start.value) is int:
        return Const(start.value)
    return None
