"""Bodies a loop hands to shard_map one after another (issue 13): an evaluation harness's
`for fn in (mean_stat, max_stat): jax.shard_map(fn, ...)(x)`.

Each item the loop walks is the body of a use of its own: the loop runs every item in turn (it
runs unconditionally in its function and builds and applies the mapper in every round,
loop_params.every_round), so each module function it names is certainly applied. The loop must
walk a tuple or list display of module function names (or a module list of them the file never
changes), its target being a plain name the loop never rebinds.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import ast

from codemods.analysis.values import Function

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Interpreter
    from codemods.analysis.shardmap import ShardMapUse


def looped_bodies(interp: Interpreter, use: ShardMapUse) -> list[ShardMapUse]:
    """One use per function the loop around `use` gives its body name, else `[use]`."""
    written = use.written_body
    if use.body is not None or type(written) is not ast.Name:
        return [use]
    looped = interp.loop_items(use)
    if looped is None:
        return [use]
    loop, function, name, items = looped
    if name != written.id or not interp.every_round(loop, function, use):
        return [use]
    refs = loop.iter.elts if type(loop.iter) in (ast.Tuple, ast.List) else [written_item[0] if written_item else None
                                                                           for _, written_item in items]
    found = []
    for (item, _), ref in zip(items, refs):
        if not isinstance(item, Function) or item.closure is not interp.module_frame or type(ref) is not ast.Name \
                or type(item.node) is not ast.FunctionDef or interp.scope.globals.unique_function(ref.id) is not item.node:
            return [use]
        found.append(replace(use, body=item.node, body_scopes=(), body_ref=ref))
    return found or [use]
