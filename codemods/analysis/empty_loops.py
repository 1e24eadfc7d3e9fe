"""Loops that never run (issue 13): the override merger every recipe carries,
`def merge_overrides(cfg, overrides): for item in overrides: ...; node[leaf] = raw`, called only
as `merge_overrides(MODEL_CFG, [])`. Its stores change nothing, so they must not make the config
(or every dict of the module, for a store by a computed key) unknown.

A `for` loop at the top level of a module function's body runs no statement when the function's
parameter it walks is handed an empty list or tuple display by every call: the function is
undecorated, its name is bound once and read only as the callee of calls naming it, each call
gives that parameter `[]` or `()` (by place or keyword, with no `*` or `**` that could give it
something else, nor an argument it would not accept) and the function never rebinds the
parameter. Anything else leaves the loop as code that may run.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import module_parents, names_by_id


def never_run(tree: ast.Module) -> frozenset[int]:
    """Ids of every node inside the bodies (and else blocks: an empty loop runs its `else`, so
    those are left out) of such loops."""
    cached = tree.__dict__.get("_shardfix_never_run")
    if cached is not None:
        return cached
    found: set[int] = set()
    parents = module_parents(tree)
    names = names_by_id(tree)
    for function in tree.body:
        if type(function) is not ast.FunctionDef or function.decorator_list:
            continue
        loops = [stmt for stmt in function.body if type(stmt) is ast.For and type(stmt.iter) is ast.Name]
        if not loops or sum(1 for stmt in tree.body if _binds(stmt, function.name)) != 1:
            continue
        calls = []
        for ref in names.get(function.name, ()):
            call = parents.get(id(ref))
            if type(ref.ctx) is not ast.Load or type(call) is not ast.Call or call.func is not ref:
                calls = None
                break
            calls.append(call)
        if not calls:
            continue
        for loop in loops:
            if _always_empty(function, loop.iter.id, calls):
                found.update(id(node) for stmt in loop.body for node in ast.walk(stmt))
    result = frozenset(found)
    tree.__dict__["_shardfix_never_run"] = result
    return result


def _binds(stmt: ast.stmt, name: str) -> bool:
    if type(stmt) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
        return stmt.name == name
    return any(type(node) is ast.Name and node.id == name and type(node.ctx) is not ast.Load
               or type(node) in (ast.alias,) and (node.asname or node.name) == name for node in ast.walk(stmt))


def _always_empty(function: ast.FunctionDef, param: str, calls: list[ast.Call]) -> bool:
    args = function.args
    positional = [a.arg for a in args.posonlyargs + args.args]
    if param not in positional + [a.arg for a in args.kwonlyargs] or args.vararg or args.kwarg:
        return False
    if any(type(node) is ast.Name and node.id == param and type(node.ctx) is not ast.Load
           or type(node) is ast.arg and node.arg == param and node not in args.posonlyargs + args.args + args.kwonlyargs
           or type(node) in (ast.Global, ast.Nonlocal) for node in ast.walk(function)):
        return False  # rebound, or a nested scope's own name
    for call in calls:
        if any(type(arg) is ast.Starred for arg in call.args) or any(k.arg is None for k in call.keywords) \
                or len(call.args) > len(positional):
            return False
        given = [k.value for k in call.keywords if k.arg == param]
        if param in positional[:len(call.args)]:
            given.append(call.args[positional.index(param)])
        if len(given) != 1 or type(given[0]) not in (ast.List, ast.Tuple) or given[0].elts:
            return False
    return True

