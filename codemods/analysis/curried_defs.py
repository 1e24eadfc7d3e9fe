"""Defs under a currying decorator of the module (issue 13): AlphaFold's data pipeline writes

    def curry1(f):
        def fc(*args, **kwargs):
            return lambda x: f(x, *args, **kwargs)
        return fc

    @curry1
    def make_msa_profile(protein, axis_names): ...

so `make_msa_profile(axes)` passes `axes` to `axis_names`, not to `protein`: the call's arguments
land past the parameters the returned function supplies itself. Read only for that exact shape
(one decorator, a module def of one parameter returning an inner def of `*args, **kwargs` alone,
whose one statement returns a lambda (or which defines and returns a def whose one statement is a
`return`) calling the parameter with its own parameters first, then `*args, **kwargs`, and
nothing else).
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, names_by_id


def curried_shift(tree: ast.Module, function: ast.AST) -> int:
    """How many leading parameters of `function` a call of its decorated name leaves to the
    curried function's own call (0: not curried, or not known to be)."""
    decorators = getattr(function, "decorator_list", ())
    if len(decorators) != 1 or type(decorators[0]) is not ast.Name:
        return 0
    makers = [stmt for stmt in tree.body if isinstance(stmt, DEFS) and stmt.name == decorators[0].id]
    if len(makers) != 1 or type(makers[0]) is not ast.FunctionDef:
        return 0
    shift = _shift(makers[0])
    # Any store of the decorator's name elsewhere makes it unknown: looked up last, among the
    # module's names of that spelling alone (a whole-module walk per def cost a third of a check).
    if shift and any(type(node.ctx) is not ast.Load for node in _names(tree).get(decorators[0].id, ())):
        return 0
    return shift


def _names(tree: ast.AST) -> dict:
    if type(tree) is ast.Module:
        return names_by_id(tree)
    found: dict = {}
    for node in ast.walk(tree):
        if type(node) is ast.Name:
            found.setdefault(node.id, []).append(node)
    return found


def _shift(maker: ast.FunctionDef) -> int:
    args = maker.args
    if maker.decorator_list or len(args.args) != 1 or args.posonlyargs or args.vararg or args.kwonlyargs or args.kwarg:
        return 0
    param = args.args[0].arg
    body = _without_docstring(maker.body)
    if len(body) != 2 or type(body[0]) is not ast.FunctionDef or type(body[1]) is not ast.Return \
            or type(body[1].value) is not ast.Name or body[1].value.id != body[0].name:
        return 0
    inner = body[0]
    inner_args = inner.args
    if inner.decorator_list or inner_args.args or inner_args.posonlyargs or inner_args.kwonlyargs \
            or inner_args.vararg is None or inner_args.kwarg is None:
        return 0
    steps = _without_docstring(inner.body)
    if len(steps) == 1 and type(steps[0]) is ast.Return and type(steps[0].value) is ast.Lambda:
        own, call = steps[0].value.args, steps[0].value.body
    elif len(steps) == 2 and type(steps[0]) is ast.FunctionDef and not steps[0].decorator_list \
            and type(steps[1]) is ast.Return and type(steps[1].value) is ast.Name and steps[1].value.id == steps[0].name \
            and len(_without_docstring(steps[0].body)) == 1 and type(_without_docstring(steps[0].body)[0]) is ast.Return \
            and steps[0].name not in {param, inner_args.vararg.arg, inner_args.kwarg.arg}:
        own, call = steps[0].args, _without_docstring(steps[0].body)[0].value  # `def g(x): return f(x, *args, **kwargs)`
    else:
        return 0
    if own.posonlyargs or own.vararg or own.kwonlyargs or own.kwarg or own.defaults or not own.args:
        return 0
    names = [arg.arg for arg in own.args]
    if len(set(names) | {param, inner_args.vararg.arg, inner_args.kwarg.arg}) != len(names) + 3:
        return 0
    if type(call) is not ast.Call or type(call.func) is not ast.Name or call.func.id != param \
            or len(call.args) != len(names) + 1 or len(call.keywords) != 1:
        return 0
    leading, starred, keyword = call.args[:-1], call.args[-1], call.keywords[0]
    if [type(arg) for arg in leading] != [ast.Name] * len(names) or [arg.id for arg in leading] != names \
            or type(starred) is not ast.Starred or type(starred.value) is not ast.Name \
            or starred.value.id != inner_args.vararg.arg or keyword.arg is not None \
            or type(keyword.value) is not ast.Name or keyword.value.id != inner_args.kwarg.arg:
        return 0
    return len(names)


def _without_docstring(body: list[ast.stmt]) -> list[ast.stmt]:
    if body and type(body[0]) is ast.Expr and type(body[0].value) is ast.Constant and isinstance(body[0].value.value, str):
        return body[1:]
    return body
