"""`functools.partial(jax.shard_map, ...)` used as a decorator factory (issue 13).

Codebases bind the settings every body shares once, `sharded = functools.partial(jax.shard_map,
mesh=MESH, out_specs=P())`, and complete them per body: `@sharded(in_specs=P("data"))` over a
def. Calling the partial with keywords only calls `jax.shard_map(mesh=MESH, out_specs=P(),
in_specs=P("data"))` without a body, which returns the decorator that maps the def (the call's
keywords override the partial's, as partial does). Run on jax 0.10.2. Not so for a bodiless
`jax.shard_map(mesh=...)` bound to a name: what it returns takes the body alone (`mapper(in_specs=...)`
raises TypeError), nor for the experimental shard_map, whose body is positional.
"""
from __future__ import annotations

import ast
from dataclasses import replace

from codemods import jaxapi
from codemods.analysis.completed_mappers import _COMPLETING, portable_settings
from codemods.analysis.nodes import call_args
from codemods.analysis.user_decorators import transparent


def completed_factory(finder, expr: ast.Call, node, scopes) -> bool:
    """Read `@name(keywords)` over the def `node` as shard_map of it, when `name` is bound once to
    `partial(jax.shard_map, ...)`; False when it is not that."""
    if type(expr.func) is not ast.Name or expr.args or any(keyword.arg not in _COMPLETING for keyword in expr.keywords):
        return False
    mapper = finder._mapper(expr.func.id, scopes)
    if mapper is None:
        return False
    call, found, mapper_scopes = mapper
    if found.experimental or finder.scope.resolve(call.func, mapper_scopes) != jaxapi.PARTIAL:
        return False
    args = call_args(expr)
    if mapper_scopes != scopes and not portable_settings(finder.scope, args, scopes + mapper_scopes):
        return False  # (the settings are read where the partial is written)
    finder.handled.add(id(expr))
    if transparent(finder.scope, node, scopes, expr):
        completed = replace(found, keywords={**found.keywords, **{arg.keyword: arg.value for arg in args}})
        finder._add(call, completed, node, scopes, mapper_scopes, None, decorated=True)
    return True
