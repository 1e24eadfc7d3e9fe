"""Module functions that hand their `**kwargs` to shard_map whole, the decorator factories of
filter-style libraries:

    def filter_shard_map(fn=None, **kw):
        if fn is None:
            return functools.partial(filter_shard_map, **kw)
        return jax.jit(jax.shard_map(fn, **kw))

Such a function is shard_map with its own first parameter as the body: a call's keywords are
shard_map's keywords, written (and evaluated) where the call is. So `@filter_shard_map(mesh=m,
in_specs=..., out_specs=...)` over a def, `filter_shard_map(mesh=m, ...)(body)` and
`filter_shard_map(body, mesh=m, ...)` are each one shard_map use whose arguments are that call's.

Only the exact shape is read: nothing else in the function touches the body or the keywords, so
what shard_map gets is what the caller wrote (`check_vma=False` or `axis_names=` included).
"""
from __future__ import annotations

import ast

from codemods import jaxapi
from codemods.analysis.nodes import DEFS, iter_nodes, positional_params
from codemods.dataclass_code import dataclass


@dataclass(frozen=True)
class KwargsMapper:
    body_param: str  # the parameter shard_map gets as its body
    curried: bool  # `fn=None` and `if fn is None: return partial(itself, **kw)`: callable without a body
    experimental: bool


def kwargs_mapper(scope, function) -> KwargsMapper | None:
    """What `function` (a module function, bound once) is, when it has the shape above."""
    if not isinstance(function, DEFS) or function.decorator_list or isinstance(function, ast.AsyncFunctionDef) \
            or scope.globals.unique_function(function.name) is not function or scope.class_of(function) is not None:
        return None
    args = function.args
    params = positional_params(args)
    if len(params) != 1 or args.vararg is not None or args.kwonlyargs or args.kwarg is None:
        return None
    body_param, kwargs = params[0].arg, args.kwarg.arg
    statements = function.body
    if statements and type(statements[0]) is ast.Expr and type(statements[0].value) is ast.Constant:
        statements = statements[1:]  # the docstring
    curried = False
    if len(statements) == 2 and _returns_partial_of_itself(scope, function, statements[0], body_param, kwargs):
        if not args.defaults or not (type(args.defaults[-1]) is ast.Constant and args.defaults[-1].value is None):
            return None
        curried, statements = True, statements[1:]
    elif args.defaults:
        return None
    if len(statements) != 1 or type(statements[0]) is not ast.Return:
        return None
    call = _mapped(scope, function, statements[0].value)
    if call is None or len(call.args) != 1 or type(call.args[0]) is not ast.Name or call.args[0].id != body_param \
            or len(call.keywords) != 1 or call.keywords[0].arg is not None \
            or type(call.keywords[0].value) is not ast.Name or call.keywords[0].value.id != kwargs:
        return None
    # Every other mention of the two names would be a read or a rebinding the shape does not allow.
    expected = 2 + 2 * curried  # the shard_map call's two, and `fn is None` and `**kw` of the partial
    mentions = sum(1 for node in iter_nodes(function) if type(node) is ast.Name and node.id in (body_param, kwargs))
    if mentions != expected or any(isinstance(node, DEFS + (ast.Lambda, ast.ClassDef)) for node in iter_nodes(function)
                                   if node is not function):
        return None
    name = scope.resolve(call.func, (function,))
    return KwargsMapper(body_param, curried, name == jaxapi.EXPERIMENTAL_SHARD_MAP)


def _mapped(scope, function, value: ast.expr | None) -> ast.Call | None:
    """The shard_map call of `return jax.shard_map(...)` or `return jax.jit(jax.shard_map(...))`."""
    if type(value) is ast.Call and scope.resolve(value.func, (function,)) == "jax.jit" and len(value.args) == 1 \
            and not value.keywords:
        value = value.args[0]
    if type(value) is ast.Call and scope.resolve(value.func, (function,)) in (jaxapi.SHARD_MAP,
                                                                               jaxapi.EXPERIMENTAL_SHARD_MAP):
        return value
    return None


def _returns_partial_of_itself(scope, function, statement: ast.stmt, body_param: str, kwargs: str) -> bool:
    """`if fn is None: return functools.partial(<function>, **kw)`."""
    if type(statement) is not ast.If or statement.orelse or len(statement.body) != 1:
        return False
    test, returned = statement.test, statement.body[0]
    if not (type(test) is ast.Compare and type(test.left) is ast.Name and test.left.id == body_param
            and len(test.ops) == 1 and type(test.ops[0]) is ast.Is
            and type(test.comparators[0]) is ast.Constant and test.comparators[0].value is None):
        return False
    value = returned.value if type(returned) is ast.Return else None
    return (type(value) is ast.Call and scope.resolve(value.func, (function,)) == jaxapi.PARTIAL
            and len(value.args) == 1 and type(value.args[0]) is ast.Name and value.args[0].id == function.name
            and len(value.keywords) == 1 and value.keywords[0].arg is None
            and type(value.keywords[0].value) is ast.Name and value.keywords[0].value.id == kwargs)


def mapper_call(scope, call: ast.Call, scopes) -> tuple[ast.expr | None, dict[str, ast.expr], bool] | None:
    """For a call of such a function: (the body it passes, None for a curried call without one;
    the keywords shard_map gets, written at the call; whether it is the experimental shard_map)."""
    if type(call.func) is not ast.Name:
        return None
    function, outer = scope.lookup_function(call.func.id, scopes)
    mapper = kwargs_mapper(scope, function) if not outer and function is not None else None
    if mapper is None or len(call.args) > 1 or any(type(arg) is ast.Starred for arg in call.args) \
            or any(keyword.arg is None for keyword in call.keywords):
        return None
    keywords = {keyword.arg: keyword.value for keyword in call.keywords}
    body = keywords.pop(mapper.body_param, None)
    if call.args:
        if body is not None:
            return None  # the same parameter twice: a TypeError
        body = call.args[0]
    if body is None and not mapper.curried:
        return None
    return body, keywords, mapper.experimental
