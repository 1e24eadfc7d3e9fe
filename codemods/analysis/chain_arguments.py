"""What the calls of a shard_map use's `chain` (shardmap.py) pass: the argument a call gives a
parameter of the function it calls, followed out through the chain to the outermost call."""
from __future__ import annotations

import ast

from codemods.analysis.nodes import FunctionDef, all_param_names, call_args, param_default, positional_params
from codemods.analysis.syntax import assigned_names


def default_of(function: FunctionDef, name: str) -> ast.expr | None:
    """The default of parameter `name` (evaluated where the def is, once): what a call leaving
    the parameter out hands on; None when it has none."""
    param = next((param for param in positional_params(function.args) + list(function.args.kwonlyargs)
                  if param.arg == name), None)
    return param_default(function.args, param) if param is not None else None


def argument_for(call: ast.Call, function: FunctionDef, name: str, skip: int = 0) -> ast.expr | None:
    """What `call` passes for parameter `name` of `function` (None: nothing plain to see); the
    first `skip` parameters are bound already (a method's receiver)."""
    args = call_args(call)
    if any(arg.star for arg in args):
        return None
    for arg in args:
        if arg.keyword == name:
            return arg.value
    positional = [param.arg for param in positional_params(function.args)][skip:]
    plain = [arg.value for arg in args if arg.keyword is None]
    if name in positional and positional.index(name) < len(plain):
        return plain[positional.index(name)]
    return None


def passed_through(use, expr: ast.expr | None) -> tuple[ast.expr | None, tuple[FunctionDef, ...]]:
    """`in_specs=in_specs` in a function the body was handed through: the expression its caller
    passes for that parameter (followed out to the outermost call), with the scopes it is in."""
    scopes = use.call_scopes
    for index in range(len(use.chain) - 1, -1, -1):
        call, function, _, receiver = use.chain[index]
        if index and use.chain[index][2][-1:] == (use.chain[index - 1][1],) and isinstance(expr, ast.Name) \
                and expr.id not in all_param_names(function.args) and expr.id not in assigned_names(function.body):
            continue  # a wrapper a decorator factory returns reads the factory's parameter
        if not isinstance(expr, ast.Name) or expr.id not in all_param_names(function.args) \
                or expr.id in assigned_names(function.body):
            break
        given = argument_for(call, function, expr.id, skip=receiver is not None)
        if given is None and not any(arg.star for arg in call_args(call)):
            default = default_of(function, expr.id)  # read where the def is
            return (default, use.chain[index][2]) if default is not None else (None, ())
        if given is None:
            return None, ()
        expr = given
        scopes = use.chain[index - 1][2] + (use.chain[index - 1][1],) if index else use.outer_scopes
    return expr, scopes
