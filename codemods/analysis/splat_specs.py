"""`shard_map(f, **specs)`: the keywords a splatted dict gives, when that dict is certain.

A splatted name counts only when it is bound once, to a dict literal with string keys or to a
`dict(k=v, ...)` call, and every other mention of it in the module is another `**name` or an item
read (`specs["mesh"]`, when nothing changes the dict in place): a name read any other way could be
mutated (`specs["out_specs"] = ...`, `specs.update(...)`), passed on or rebound, so its keys would
be unknown and the call is left alone."""
from __future__ import annotations

import ast

from .mutation import mutated_names
from .nodes import Arg, iter_nodes


def expand_splats(scope, args: list[Arg], scopes) -> list[Arg] | None:
    """`args` with each `**name` replaced by the keywords of its dict; None when one is unknown
    or a key is given twice (Python raises TypeError there)."""
    if not any(arg.star == "**" for arg in args):
        return args
    result: list[Arg] = []
    for arg in args:
        if arg.star != "**":
            result.append(arg)
            continue
        items = _dict_items(scope, arg.value, scopes)
        if items is None:
            return None
        result.extend(Arg(value, key) for key, value in items)
    keys = [arg.keyword for arg in result if arg.keyword is not None]
    return result if len(keys) == len(set(keys)) else None


def _dict_items(scope, expr: ast.expr, scopes) -> list[tuple[str, ast.expr]] | None:
    if type(expr) is ast.Subscript:
        return _item_items(scope, expr, scopes)
    if not isinstance(expr, ast.Name) or not _only_splatted(scope.tree, expr.id):
        return None
    value, outer = scope.lookup_value(expr.id, scopes)
    if isinstance(value, ast.Dict):
        if not all(isinstance(key, ast.Constant) and isinstance(key.value, str) for key in value.keys):
            return None  # a `**other` entry has key None
        keys = [key.value for key in value.keys]
        return list(zip(keys, value.values)) if len(keys) == len(set(keys)) else None
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "dict" \
            and not value.args and all(keyword.arg is not None for keyword in value.keywords) \
            and _builtin_dict(scope, outer):
        return [(keyword.arg, keyword.value) for keyword in value.keywords]
    return None


def _builtin_dict(scope, scopes) -> bool:
    return not any(scope.locals_of(function).binds("dict") for function in scopes) \
        and not scope.globals.binds("dict")


def _only_splatted(tree: ast.Module, name: str) -> bool:
    cache = getattr(tree, "_shardfix_splat_only", None)
    if cache is None:
        cache = tree._shardfix_splat_only = {}
    if name not in cache:
        splatted = items = loads = 0
        for node in iter_nodes(tree):
            if isinstance(node, ast.keyword) and node.arg is None and isinstance(node.value, ast.Name) \
                    and node.value.id == name:
                splatted += 1
            elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) \
                    and isinstance(node.value, ast.Name) and node.value.id == name:
                items += 1  # `DEFAULTS["atom_axis"]`: an item read, which changes nothing
            elif isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load):
                loads += 1
            elif isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
                loads += 1  # written from another scope
        cache[name] = splatted > 0 and splatted + items == loads and (not items or name not in mutated_names(tree))
    return cache[name]


def _item_items(scope, expr: ast.Subscript, scopes) -> list[tuple[str, ast.expr]] | None:
    """`**JOB["clip"]`: the keywords of a dict display held under a literal key of a module dict
    display, when the module changes neither, reads the table only by literal keys, and hands the
    item on only to `**` splats (which copy it): then it is the display as written."""
    table, key = expr.value, expr.slice
    if type(table) is not ast.Name or type(key) is not ast.Constant or type(key.value) is not str \
            or table.id in mutated_names(scope.tree) or table.id in scope.volatile:
        return None
    parents = {id(child): node for node in iter_nodes(scope.tree) for child in ast.iter_child_nodes(node)}
    for node in iter_nodes(scope.tree):
        if type(node) is not ast.Name or node.id != table.id or type(node.ctx) is not ast.Load:
            continue
        read = parents.get(id(node))
        if type(read) is not ast.Subscript or read.value is not node or type(read.ctx) is not ast.Load \
                or type(read.slice) is not ast.Constant:
            return None  # the table handed on, or read by a computed key
        holder = parents.get(id(read))
        if read.slice.value == key.value and not (type(holder) is ast.keyword and holder.arg is None):
            return None  # the item itself handed on (it may change there)
    value, _ = scope.lookup_value(table.id, scopes)
    if type(value) is not ast.Dict or not all(type(k) is ast.Constant for k in value.keys):
        return None
    found = [item for k, item in zip(value.keys, value.values) if k.value == key.value]
    if len(found) != 1 or type(found[0]) is not ast.Dict \
            or not all(type(k) is ast.Constant and type(k.value) is str for k in found[0].keys):
        return None
    keys = [k.value for k in found[0].keys]
    return list(zip(keys, found[0].values)) if len(keys) == len(set(keys)) else None
