"""A body a method makes by `partial` (issue 13): `step = engine.make_private(noise_multiplier=1.1)`
with `def make_private(self, ...): return functools.partial(noisy_aggregate, axes=self.axes, ...)`,
or `shard_map(emb.body(), ...)` with `return partial(self.stats, axis=self.cfg.model_axis)`.

The body is the def the partial names (a module function or a method of the same object), run
with the values the partial binds as the method's run on its receiver evaluates them: a chain of
one call, the receiver as `self`. Only a method read nowhere else (`.make_private` once in the
file), with one return statement, its last, counts; the chain's run checks that the partial it
evaluates names that very def, and anything it cannot evaluate leaves the body unknown.
"""
from __future__ import annotations

import ast
from dataclasses import replace
from typing import TYPE_CHECKING

from codemods import jaxapi
from codemods.analysis.body_resolution import method_of, resolve_body
from codemods.analysis.nodes import DEFS, call_args, iter_nodes
from codemods.analysis.scopes import method_kind

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Interpreter
    from codemods.analysis.shardmap import ShardMapUse


def method_partial_result(interp: Interpreter, use: ShardMapUse, written: ast.Call) -> ShardMapUse:
    scope = interp.scope
    factory, bound = method_of(scope, written.func, use.call_scopes)
    if type(factory) is not ast.FunctionDef or method_kind(factory) != "plain" or len(bound) != 1 \
            or bound[0].value is not written.func.value or factory.decorator_list \
            or scope.attribute_references(written.func.attr) != 1:
        return use  # an instance method called on an object the module builds, read only here
    returns = [node for node in iter_nodes(factory, prune=lambda n: n is not factory and type(n) in DEFS + (ast.Lambda,))
               if type(node) is ast.Return]
    if len(returns) != 1 or returns[0] is not factory.body[-1] or type(returns[0].value) is not ast.Call:
        return use
    returned = returns[0].value
    if scope.resolve(returned.func, (factory,)) != jaxapi.PARTIAL:
        return use
    args = call_args(returned)
    if not args or args[0].keyword is not None or any(arg.star for arg in args):
        return use
    body, body_scopes, ref, bound_args = resolve_body(scope, returned, (factory,))
    if type(body) is not ast.FunctionDef or body_scopes:
        return use  # a module function or a method (a closure would need the factory's frame)
    receiver = written.func.value
    return replace(use, body=body, body_scopes=(), body_ref=ref, bound_args=tuple(bound_args),
                   chain=((written, factory, (), receiver),), outer_scopes=use.call_scopes, inner_body=returned)
