"""Functions that only evaluate one expression, and what that expression may call (issue 13).

The run calls some of a program's functions where JAX would call them, and sometimes more often
than JAX does (a pytree node's flatten at every walk: script_pytree_nodes.py) or not at all (a
debug callback: debug_callbacks.py). Either is safe only when calling the function changes
nothing the program reads but through the calls its expression makes: a lambda, or a def whose
body is one statement of an expression (after a docstring), with no walrus, no yield or await and
no lambda inside (a closure made there could be called later), and calls only of the kinds the
caller allows.
"""
from __future__ import annotations

import ast
from collections.abc import Callable

_BINDING_OR_SUSPENDING = (ast.NamedExpr, ast.Yield, ast.YieldFrom, ast.Await, ast.Lambda)


def lone_expression(func: object, statements: tuple = (ast.Return,)) -> ast.expr | None:
    """The expression a lambda evaluates, or a def's one statement of a kind in `statements`
    (after a docstring) with a value; None for any other function."""
    node = getattr(func, "node", None)
    if type(func).__name__ == "LambdaValue" or type(func).__name__ == "UFunc" and type(node) is ast.Lambda:
        return node.body
    if type(func).__name__ != "UFunc" or type(node) is not ast.FunctionDef:
        return None
    body = node.body[1:] if node.body and type(node.body[0]) is ast.Expr and type(node.body[0].value) is ast.Constant \
        else node.body
    if len(body) != 1 or type(body[0]) not in statements or body[0].value is None:
        return None
    return body[0].value


def calls_only(expression: ast.expr, allowed: Callable[[ast.Call], bool] | None = None) -> bool:
    """Whether `expression` binds, suspends and closes over nothing, and every call in it is
    `allowed` (None: any call)."""
    for inner in ast.walk(expression):
        if type(inner) in _BINDING_OR_SUSPENDING:
            return False
        if allowed is not None and type(inner) is ast.Call and not allowed(inner):
            return False
    return True
