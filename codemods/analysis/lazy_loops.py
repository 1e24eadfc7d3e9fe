"""`for v in map(f, xs):` over known items: a loop that walks a lazy map to its end runs f on
every item, so the target takes the values `list(map(f, xs))` holds (sequences.map_items).

Only when the loop surely walks to the end and the calls see what they would see at once: its
body has no break, return, raise, yield or await (the map would stop early or never resume), and
binds no name the map's expression reads, nor one read by a def the map names (a function the
map calls later could read a value the body changed in between)."""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, iter_nodes
from codemods.analysis.syntax import assigned_names

_STOPS = (ast.Break, ast.Return, ast.Raise, ast.Yield, ast.YieldFrom, ast.Await)


def walked_map(interpreter, stmt: ast.For | ast.AsyncFor, frame):
    """The items of `map(f, xs)` the loop `stmt` walks, as a tuple value; None when the loop
    is not such a loop (its iterable is then evaluated as usual)."""
    call = stmt.iter
    if type(stmt) is not ast.For or type(call) is not ast.Call or type(call.func) is not ast.Name \
            or call.func.id != "map" or len(call.args) != 2 or call.keywords:
        return None
    for node in iter_nodes(ast.Module(body=stmt.body, type_ignores=[]),
                           prune=lambda n: isinstance(n, DEFS + (ast.Lambda, ast.ClassDef))):
        if isinstance(node, _STOPS):
            return None
    changed = assigned_names(stmt.body)
    read = {node.id for node in iter_nodes(call) if type(node) is ast.Name}
    if type(call.args[0]) is ast.Name:
        for node in iter_nodes(interpreter.scope.tree):
            if isinstance(node, DEFS) and node.name == call.args[0].id:
                read |= {inner.id for inner in iter_nodes(node) if type(inner) is ast.Name}
    if read & changed:
        return None
    return interpreter.map_items(call, frame)
