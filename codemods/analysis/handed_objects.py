"""The class of the object a module function's parameter always holds, from the calls that run
the function (issue 13): a T5X-like partitioner handed to a step factory,

    def make_eval_step(partitioner):
        ...
        return partitioner.partition(eval_step, in_specs, out_specs)   # a method wrapping shard_map

    partitioner = PjitPartitioner(num_partitions=4)
    eval_step = make_eval_step(partitioner)

`partitioner.partition(...)` runs `PjitPartitioner.partition` when every way the module can run
`make_eval_step` hands that parameter an object the module builds of one class no class extends:
each read of the function's name is the callee of a call (nothing keeps it, so no unseen call
runs it), no call spreads `*args`/`**kwargs`, and each call's argument for the parameter is a
name its scope binds once, to a construction of that class (body_resolution.constructed_class).
The function must not rebind the parameter. Anything else: unknown (the method is not followed).
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import iter_with_scopes, module_parents, positional_params


def handed_class(scope, function, name: str, constructed) -> ast.ClassDef | None:
    """The class every call of module function `function` builds the object for `name` of; else None."""
    if function not in scope.tree.body or function.args.vararg is not None or function.args.kwarg is not None:
        return None
    params = positional_params(function.args)
    index = next((at for at, param in enumerate(params) if param.arg == name), None)
    if index is None or function.args.posonlyargs or any(
            type(node) is ast.Name and node.id == name and type(node.ctx) is not ast.Load
            or isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names for node in ast.walk(function)):
        return None
    cache = scope.tree.__dict__.setdefault("_shardfix_handed_objects", {})
    key = (id(function), name)
    if key not in cache:
        cache[key] = None
        cache[key] = _handed(scope, function, name, index, constructed)
    return cache[key]


def _handed(scope, function, name: str, index: int, constructed) -> ast.ClassDef | None:
    parents = module_parents(scope.tree)
    found = None
    seen = False
    for node, scopes in iter_with_scopes(scope.tree):
        if type(node) is not ast.Name or node.id != function.name:
            continue
        if not isinstance(node.ctx, ast.Load) or any(scope.locals_of(each).binds(function.name) for each in scopes):
            return None
        call = parents.get(id(node))
        if type(call) is not ast.Call or call.func is not node \
                or any(type(arg) is ast.Starred for arg in call.args) or any(k.arg is None for k in call.keywords):
            return None  # kept, handed on, or spread: some call may pass anything
        given = call.args[index] if index < len(call.args) else next(
            (k.value for k in call.keywords if k.arg == name), None)
        if type(given) is not ast.Name:
            return None
        value, outer = scope.lookup_value(given.id, scopes)
        cls = constructed(scope, value, outer)
        if cls is None or found is not None and cls is not found:
            return None
        found, seen = cls, True
    return found if seen and not scope.subclassed(found) else None
