"""Changes of a fresh dict copy no other name holds (issue 13): mmcv's `build_from_cfg` does
`args = dict(cfg)`, then `args.pop("type")` and `args.setdefault(key, value)`, and hands the
rest on as `**args`. Such a change reaches no other object: the copy is a new dict, and the
function never lets another name hold it. The module's alias tracking (mutation.py) goes by
spelling, so without this a change of `args` here reached every object some other `args` (a
`*args` parameter anywhere) was tied to, configs included.

A local name is such a copy in a function when every binding of it there is `name = dict(...)`
of the builtin, and every load of it there is the receiver of a method call (`name.pop(...)`) or
a `**name` spread; no nested scope names it, and no `global` / `nonlocal` declares it."""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, calls_by_callee, iter_nodes, module_parents


def fresh_copy_changes(tree: ast.Module) -> frozenset[int]:
    """Ids of the method calls on such fresh copies."""
    cached = tree.__dict__.get("_shardfix_fresh_copy_changes")
    if cached is not None:
        return cached
    found: set[int] = set()
    parents = module_parents(tree)
    # Only the defs that bind a name to `dict(...)` in their own code can hold a copy: found from
    # the calls of `dict`, not by walking every def.
    functions = {id(function): function for call in calls_by_callee(tree).get("dict", ())
                 if (function := _copying_function(call, parents)) is not None}
    if functions and not _dict_rebound(tree):
        for function in functions.values():
            found.update(_fresh_calls(function, parents))
    tree.__dict__["_shardfix_fresh_copy_changes"] = result = frozenset(found)
    return result


def _copying_function(call: ast.Call, parents) -> ast.AST | None:
    """The def whose own code holds `name = dict(...)` of this call, if it stands so."""
    stmt = parents.get(id(call))
    if type(call.func) is not ast.Name or type(stmt) is not ast.Assign or stmt.value is not call \
            or len(stmt.targets) != 1 or type(stmt.targets[0]) is not ast.Name:
        return None
    scope = parents.get(id(stmt))
    while scope is not None and type(scope) not in DEFS + (ast.Lambda, ast.ClassDef):
        scope = parents.get(id(scope))
    return scope if type(scope) in DEFS else None


def _dict_rebound(tree: ast.Module) -> bool:
    return any(type(node) is ast.Name and node.id == "dict" and not isinstance(node.ctx, ast.Load)
               or type(node) is ast.alias and (node.asname or node.name) == "dict"
               or type(node) is ast.arg and node.arg == "dict"
               or isinstance(node, DEFS + (ast.ClassDef,)) and node.name == "dict" for node in ast.walk(tree))


def _fresh_calls(function: ast.AST, parents) -> list[int]:
    own = list(iter_nodes(function, prune=lambda n: n is not function and type(n) in DEFS + (ast.Lambda, ast.ClassDef)))
    nested = [node for node in own if node is not function and type(node) in DEFS + (ast.Lambda, ast.ClassDef)]
    copies = {stmt.targets[0].id for stmt in own if type(stmt) is ast.Assign and len(stmt.targets) == 1
              and type(stmt.targets[0]) is ast.Name and type(stmt.value) is ast.Call
              and type(stmt.value.func) is ast.Name and stmt.value.func.id == "dict"}
    params = {arg.arg for arg in ast.walk(function.args) if type(arg) is ast.arg}
    calls = []
    for name in copies - params:
        if any(type(node) is ast.Name and node.id == name or type(node) is ast.arg and node.arg == name
               for inner in nested for node in ast.walk(inner)):
            continue  # a nested scope reads or binds it
        ok, found = True, []
        for node in own:
            if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
                ok = False
            if type(node) is not ast.Name or node.id != name:
                continue
            parent = parents.get(id(node))
            if not isinstance(node.ctx, ast.Load):
                ok = ok and type(parent) is ast.Assign and len(parent.targets) == 1 and parent.targets[0] is node \
                    and type(parent.value) is ast.Call and type(parent.value.func) is ast.Name \
                    and parent.value.func.id == "dict"
                continue
            call = parents.get(id(parent))
            if type(parent) is ast.Attribute and type(call) is ast.Call and call.func is parent:
                found.append(id(call))
            elif not (type(parent) is ast.keyword and parent.arg is None):
                ok = False
        if ok:
            calls.extend(found)
    return calls
