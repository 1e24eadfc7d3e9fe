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
