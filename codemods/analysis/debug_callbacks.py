"""`jax.debug.callback(f, *args)` in a script run (script_run.py; issue 13).

A layer that logs what it computes hands its values to a host callback: `jax.debug.callback(
lambda h: None, hs)` in a shard_map body. JAX calls f when the computation runs (once per device
in a body, in an order of its choosing), with the values of args, and returns None to the trace:
nothing the trace reads comes from f. On jax 0.10.2 (8 CPU devices) it takes an argument in any
state of a body (varying, invariant, reduced by `all_gather(..., to='reduced')`) and raises
nothing. The run goes on past it only when f's calls change nothing the program reads afterwards:
a lambda (or a def that only returns an expression) whose expression makes no call but `print`,
binds nothing and yields nothing; its arguments arrays or numbers; its keywords only the flags
`ordered` and `partitioned`. Any other callback stops the run (Bail), as before.
"""
from __future__ import annotations

import ast

from codemods.analysis.expression_functions import calls_only, lone_expression
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Arr

NAMES = frozenset({"jax.debug.callback"})


def call(run, name: str, args: list, kwargs: dict) -> None:
    if not args or not set(kwargs) <= {"ordered", "partitioned"} or not all(type(flag) is bool for flag in kwargs.values()):
        raise Bail
    if not _quiet(args[0]) or not all(type(value) in (Arr, int, float) for value in args[1:]):
        raise Bail
    return None


def _quiet(callback: object) -> bool:
    if type(callback).__name__ == "UFunc" and type(callback.node) is ast.FunctionDef and callback.node.decorator_list:
        return False
    expression = lone_expression(callback, (ast.Return, ast.Expr))
    return expression is not None and calls_only(expression, _prints)


def _prints(call: ast.Call) -> bool:
    return type(call.func) is ast.Name and call.func.id == "print"
