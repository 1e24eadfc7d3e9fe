"""shard_map reached through decorators a module writes itself: a builder used as a decorator
(`@partial(sharded, mesh=mesh)` over `def sharded(fn, mesh): return jax.jit(jax.shard_map(fn, ...))`),
and a decorator factory (`@sharded(mesh, in_specs, out_specs)` returning its nested
`def decorator(fn)` that applies shard_map). Each is read as the calls it stands for, so the
chain machinery of shardmap.py binds the factory's and the wrapper's parameters.

The decorated def is only ever run through the wrapper when the wrapper reads its parameter just
once, to hand it on: otherwise the def stays unknown.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, FunctionDef, call_args, iter_nodes, positional_params
from codemods.analysis.syntax import assigned_names
from codemods.analysis.completed_mappers import portable_settings

APPLIED_BY = "_shardfix_applied_by"  # on a Name standing for a def as one of its decorators receives it


class Decorators:
    """The decorator half of shard_map discovery (the finder supplies scope, _forwarding,
    _forwarded_through, resolve_body and _add)."""

    def _decorator_factory(self, expr: ast.Call, node: FunctionDef, scopes) -> None:
        """`@sharded(mesh, specs)` over a def, with a module function returning its own nested
        `def wrap(fn)` that hands `fn` (read only there) to shard_map: the chain of the factory's
        call and `wrap(step)`."""
        name = ast.copy_location(ast.Name(id=node.name, ctx=ast.Load()), expr)
        setattr(name, APPLIED_BY, expr)
        self._through_factory(expr, name, scopes, node)

    def _factory_applied(self, call: ast.Call, scopes) -> bool:
        """`sharded(mesh, specs)(body)`: the same factory called on a body where it is written.
        The wrapper's call is evaluated where the factory's parameters are bound, so the body
        expression may read no name the factory, its wrapper or the caller bind themselves."""
        args = call_args(call)
        if len(args) != 1 or args[0].keyword is not None or args[0].star or type(call.func.func) is not ast.Name:
            return False
        return self._through_factory(call.func, args[0].value, scopes, None, portable=args)

    def _through_factory(self, expr: ast.Call, given: ast.expr, scopes, decorated: FunctionDef | None,
                         portable=None) -> bool:
        """`given` handed to the def a factory call `expr` returns (`decorated`: the def a
        decorator gets); `portable`: arguments that must read no name of the caller, the factory
        or its wrapper."""
        factory, outer = self.scope.lookup_function(expr.func.id, scopes)
        returned = returned_def(factory) if isinstance(factory, DEFS) and not outer else None
        if returned is None or any(arg.star for arg in call_args(expr)):
            return False
        wrap = returned[0]
        if portable is not None and not portable_settings(self.scope, portable, scopes + (factory, wrap)):
            return False
        params = positional_params(wrap.args)
        added = False
        for forward in self._forwarding(wrap):
            if not params or forward.param != params[0].arg \
                    or reads(wrap, forward.param) - self._wraps_reads(wrap, forward.param, scopes) != 1:
                continue
            applied = ast.Call(func=ast.Name(id=wrap.name, ctx=ast.Load()), args=[given], keywords=[])
            ast.copy_location(applied, expr)
            ast.copy_location(applied.func, expr)
            body, body_scopes, ref, bound = self.resolve_body(given, scopes)
            if body is None or decorated is not None and (body is not decorated or bound):
                continue
            chain = ((expr, factory, (), None), (applied, wrap, (factory,), None)) + forward.path
            inner_bound = tuple(call_args(forward.body)[1:]) if isinstance(forward.body, ast.Call) else ()
            self._add(forward.call, forward.args, body, body_scopes, chain[-1][2] + (chain[-1][1],), ref,
                      decorated=decorated is not None, bound=tuple(bound) + inner_bound, chain=chain,
                      outer_scopes=scopes, inner_body=forward.body, applied=applied if decorated is not None else None)
            added = True
        return added

    def _wraps_reads(self, function: FunctionDef, name: str, scopes) -> int:
        """Reads of `name` as the argument of `@functools.wraps(name)` over a def inside `function`
        (it copies the name and docstring: the def is not run there)."""
        return sum(1 for node in iter_nodes(function) if isinstance(node, DEFS) for decorator in node.decorator_list
                   if type(copied := wraps_of(self.scope, decorator, scopes)) is ast.Name and copied.id == name)

    def _builder_decorator(self, expr, func: ast.expr, keywords: list[ast.keyword], node: FunctionDef, scopes) -> None:
        """`@sharded` or `@partial(sharded, mesh=mesh)` over a def, with a module function that
        hands its first parameter to shard_map (`def sharded(fn, mesh): return
        jax.jit(jax.shard_map(fn, mesh=mesh, ...))`): read as the call `sharded(step, mesh=mesh)`."""
        if not isinstance(func, ast.Name) or any(keyword.arg is None for keyword in keywords):
            return
        call = ast.Call(func=func, args=[ast.Name(id=node.name, ctx=ast.Load())], keywords=list(keywords))
        ast.copy_location(call, expr)
        ast.copy_location(call.args[0], expr)
        setattr(call.args[0], APPLIED_BY, expr)
        self._forwarded_through(call, scopes, decorated=True)


def wraps_of(scope, decorator: ast.expr, scopes) -> ast.expr | None:
    """What `@functools.wraps(fn)` copies the name and docstring from (`fn`); None for any other
    decorator. The def it decorates is the one written: the decorator runs nothing."""
    if type(decorator) is ast.Call and len(decorator.args) == 1 and not decorator.keywords \
            and scope.resolve(decorator.func, scopes) == "functools.wraps":
        return decorator.args[0]
    return None


def reads(function: FunctionDef, name: str) -> int:
    """How often `name` is read as a bare name inside `function`."""
    return sum(1 for node in iter_nodes(function) if type(node) is ast.Name and node.id == name)


def returned_def(factory: FunctionDef, method: bool = False, keeps=None) -> tuple[FunctionDef, ast.Name] | None:
    """(the nested def, the Name returning it) of an undecorated module function (or of a
    `method`, whose kind the caller checked) whose one return statement, its last, returns a def of
    its own body by name (undecorated, or under decorators `keeps` accepts)."""
    if (factory.decorator_list and not method) or not factory.body or not isinstance(factory.body[-1], ast.Return):
        return None
    returned = factory.body[-1].value
    returns = [node for node in iter_nodes(factory, prune=lambda n: n is not factory and type(n) in DEFS + (ast.Lambda,))
               if type(node) is ast.Return]
    if not isinstance(returned, ast.Name) or len(returns) != 1:
        return None
    defs = [stmt for stmt in factory.body if isinstance(stmt, DEFS) and stmt.name == returned.id]
    if len(defs) != 1 or any(keeps is None or not keeps(decorator) for decorator in defs[0].decorator_list) \
            or returned.id in assigned_names(
            [stmt for stmt in factory.body if not isinstance(stmt, DEFS)]):
        return None
    return defs[0], returned


def returned_call(factory: FunctionDef) -> ast.Call | None:
    """The call an undecorated function returns in its one return statement, its last
    (`def make_outer(axis): return make_inner(axis)`, `return partial(jax.shard_map, ...)`)."""
    if factory.decorator_list or not factory.body or not isinstance(factory.body[-1], ast.Return):
        return None
    returns = [node for node in iter_nodes(factory, prune=lambda n: n is not factory and type(n) in DEFS + (ast.Lambda,))
               if type(node) is ast.Return]
    returned = factory.body[-1].value
    return returned if type(returned) is ast.Call and len(returns) == 1 else None


def returned_lambda(factory: FunctionDef) -> ast.Lambda | None:
    """The lambda an undecorated module function returns in its one return statement, its last
    (`def compose(*fns): return lambda x: ...`)."""
    if factory.decorator_list or not factory.body or not isinstance(factory.body[-1], ast.Return):
        return None
    returns = [node for node in iter_nodes(factory, prune=lambda n: n is not factory and type(n) in DEFS + (ast.Lambda,))
               if type(node) is ast.Return]
    returned = factory.body[-1].value
    return returned if isinstance(returned, ast.Lambda) and len(returns) == 1 else None
