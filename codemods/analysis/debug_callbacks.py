"""`jax.debug.callback(f, *args)` in a script run (script_run.py; issue 13).

A layer that logs what it computes hands its values to a host callback: `jax.debug.callback(
lambda h: None, hs)` in a shard_map body. JAX calls f when the computation runs (once per device
in a body, in an order of its choosing), with the values of args, and returns None to the trace:
nothing the trace reads comes from f. On jax 0.10.2 (8 CPU devices) it takes an argument in any
state of a body (varying, invariant, reduced by `all_gather(..., to='reduced')`) and raises
nothing. The run goes on past it only when calling f (16 times for 8 devices, or not at all)
changes nothing the program reads afterwards: a lambda (or an undecorated def that only returns
an expression) with plain positional parameters, one for each argument, and no defaults, whose
expression reads nothing but those parameters (the arrays JAX hands it: NumPy's own code answers
their attributes, items, arithmetic and formatting), constants, and the builtin `print` (a name
nothing in the program binds), called without `file=` (a `file=` object's `write` is the
program's code, and even `sys.stdout` may be one it installed) and with constant `sep`, `end`
and `flush`. No other name: a module object's property, `__getitem__` or `__str__`, or an
iterator a comprehension drains, is code or state of the program's (adversarial25 D). Nothing
bound or yielded; its arguments arrays or numbers; its keywords only the flags `ordered` and
`partitioned`. Any other callback stops the run (Bail), as before.
"""
from __future__ import annotations

import ast

from codemods.analysis.expression_functions import calls_only, lone_expression
from codemods.analysis.host_exprs import is_bound
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Arr

NAMES = frozenset({"jax.debug.callback"})


def call(run, name: str, args: list, kwargs: dict) -> None:
    if not args or not set(kwargs) <= {"ordered", "partitioned"} or not all(type(flag) is bool for flag in kwargs.values()):
        raise Bail
    if not _quiet(args[0], len(args) - 1) or not all(type(value) in (Arr, int, float) for value in args[1:]):
        raise Bail
    return None


def _quiet(callback: object, given: int) -> bool:
    if type(callback).__name__ == "UFunc" and type(callback.node) is ast.FunctionDef and callback.node.decorator_list:
        return False
    expression = lone_expression(callback, (ast.Return, ast.Expr))
    if expression is None or not calls_only(expression, _prints):
        return False
    spec = callback.node.args
    if spec.posonlyargs or spec.vararg or spec.kwonlyargs or spec.kwarg or spec.defaults or len(spec.args) != given:
        return False
    own = {arg.arg for arg in spec.args}
    if "print" in own or is_bound("print", callback.env):
        return False  # (a `print` of the program's)
    return all(_plain(inner, own) for inner in ast.walk(expression))


# The nodes a quiet expression may hold: reads of the parameters (NumPy arrays at call time) and
# the values built from them and constants; no comprehension (it binds) and no other name.
_PLAIN = (ast.Call, ast.Name, ast.Constant, ast.Attribute, ast.Subscript, ast.Slice, ast.Tuple, ast.List, ast.BinOp,
          ast.UnaryOp, ast.JoinedStr, ast.FormattedValue, ast.Starred, ast.keyword, ast.Load, ast.operator, ast.unaryop)


def _plain(node: ast.AST, own: set) -> bool:
    if not isinstance(node, _PLAIN):
        return False
    if type(node) is ast.Name:
        return node.id in own or node.id == "print"  # (`print` only as the called name: `_prints`)
    if type(node) is ast.keyword:
        return node.arg in ("sep", "end", "flush") and type(node.value) is ast.Constant
    return True


def _prints(call: ast.Call) -> bool:
    return type(call.func) is ast.Name and call.func.id == "print"
