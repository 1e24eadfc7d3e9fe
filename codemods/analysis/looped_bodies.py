"""Bodies a loop hands to shard_map one after another (issue 13): an evaluation harness's
`for fn in (mean_stat, max_stat): jax.shard_map(fn, ...)(x)`.

Each item the loop walks is the body of a use of its own: the loop runs every item in turn (it
runs unconditionally in its function and builds and applies the mapper in every round,
loop_params.every_round), so each module function it names is certainly applied. The loop must
walk a tuple or list display of module function names (or a module list of them the file never
changes), its target being a plain name the loop never rebinds. A dispatch table walked by
`for name, fn in TABLE.items()` or `for fn in TABLE.values()` counts the same way when TABLE is a
module dict display of such names (or of lambdas written in it) under distinct string keys that
nothing changes. The uses are rounds of one loop, in its order (round_order.py).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import ast

from codemods.analysis.loop_params import enclosing_loop
from codemods.analysis.mutation import mutated_names
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
        return _table_bodies(interp, use, written)
    loop, function, name, items = looped
    if type(name) is tuple:  # `for key, fn in TABLE.items()`
        return _table_bodies(interp, use, written)
    if name != written.id or not interp.every_round(loop, function, use):
        return [use]
    if type(loop.iter) is ast.Call:
        return _table_bodies(interp, use, written)
    refs = loop.iter.elts if type(loop.iter) in (ast.Tuple, ast.List) else [written_item[0] if written_item else None
                                                                           for _, written_item in items]
    found = []
    for (item, _), ref in zip(items, refs):
        if not isinstance(item, Function) or item.closure is not interp.module_frame or type(ref) is not ast.Name \
                or type(item.node) is not ast.FunctionDef or interp.scope.globals.unique_function(ref.id) is not item.node:
            return [use]
        found.append(replace(use, body=item.node, body_scopes=(), body_ref=ref))
    return _rounds(interp, found) or [use]


def _table_bodies(interp: Interpreter, use: ShardMapUse, written: ast.Name) -> list[ShardMapUse]:
    """One use per function of a module dispatch table the loop around `use` walks by
    `.items()` or `.values()`, else `[use]`."""
    if not use.call_scopes or use.decorated or use.chain:
        return [use]
    function = use.call_scopes[-1]
    loop = enclosing_loop(interp._parent_map(), use.node, function)
    if loop is None or loop.orelse or type(loop.iter) is not ast.Call or loop.iter.args or loop.iter.keywords \
            or type(loop.iter.func) is not ast.Attribute or type(loop.iter.func.value) is not ast.Name:
        return [use]
    method, table = loop.iter.func.attr, loop.iter.func.value.id
    target = loop.target
    if method == "values" and type(target) is ast.Name:
        names = [target]
    elif method == "items" and type(target) is ast.Tuple and len(target.elts) == 2 \
            and all(type(each) is ast.Name for each in target.elts) and target.elts[0].id != target.elts[1].id:
        names = target.elts
    else:
        return [use]
    if names[-1].id != written.id or any(
            type(found) is ast.Name and found.id in {each.id for each in names} and not isinstance(found.ctx, ast.Load)
            for stmt in loop.body for found in ast.walk(stmt)):
        return [use]
    bound, where = interp.scope.lookup_value(table, use.call_scopes)
    keys = [key.value if type(key) is ast.Constant else key for key in bound.keys] if type(bound) is ast.Dict else [None]
    if where or any(type(key) is not str for key in keys) or len(set(keys)) != len(keys) \
            or table in mutated_names(interp.scope.tree) or not interp.every_round(loop, function, use):
        return [use]
    found = []
    for ref in bound.values:
        if type(ref) is ast.Lambda:  # written in the table: run by nothing but what reads the table
            found.append(replace(use, body=ref, body_scopes=(), body_ref=None))
            continue
        node = interp.scope.globals.unique_function(ref.id) if type(ref) is ast.Name else None
        if type(node) is not ast.FunctionDef:
            return [use]
        found.append(replace(use, body=node, body_scopes=(), body_ref=ref))
    return _rounds(interp, found) or [use]


def _rounds(interp: Interpreter, uses: list[ShardMapUse]) -> list[ShardMapUse]:
    """`uses`, noted as rounds of one loop, in its order (round_order.py)."""
    interp.looped_rounds.update(id(use) for use in uses)
    return uses
