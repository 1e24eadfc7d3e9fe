"""A partial shard_map completed when it is applied: `shard = partial(jax.shard_map, mesh=m,
in_specs=...)` then `shard(f, out_specs=...)(x)`, or `self.smap(f, in_specs=..., out_specs=...)`
with `self.smap = partial(jax.shard_map, mesh=mesh)`. The call's keywords fill (or, as partial
does, override) the settings; they are read where the partial is written, so only when they name
nothing local to the functions around the call or the partial.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import ast

from codemods.analysis.nodes import Arg

if TYPE_CHECKING:
    from codemods.analysis.scopes import ModuleScope
    from codemods.analysis.shardmap import _ShardMapArgs

_COMPLETING = frozenset({"mesh", "in_specs", "out_specs", "axis_names", "check_vma"})


def completed(found: _ShardMapArgs, args: list[Arg]) -> tuple[ast.expr | None, _ShardMapArgs]:
    """The body and arguments of `mapper(body, out_specs=...)`, a partial shard_map given its body
    and the settings it lacks (keywords of the call win, as partial's do); no body when the call
    is written otherwise."""
    if not args or args[0].keyword is not None or args[0].star or any(
            arg.star or arg.keyword not in _COMPLETING for arg in args[1:]) or found.experimental and len(args) > 1:
        return None, found
    extra = {arg.keyword: arg.value for arg in args[1:]}
    return args[0].value, replace(found, keywords={**found.keywords, **extra}) if extra else found


def portable_settings(scope: ModuleScope, args: list[Arg], scopes) -> bool:
    """The settings a call adds read no name local to the functions in `scopes`."""
    return not any(type(node) is ast.Name and any(scope.locals_of(function).binds(node.id) for function in scopes)
                   for arg in args for node in ast.walk(arg.value))
