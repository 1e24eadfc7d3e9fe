"""Changes of a function's own fresh copy (issue 13): `conf = dict(conf)` then `conf.pop("name")`,
the defensive copy a builder makes of the config it was handed before taking keys out of it
(fresh_copies.py takes copies read only by method calls and `**`; here the name may be a
parameter rebound to its copy, and read by item before the last change).

Names are matched by spelling (mutation.py), so `conf.pop(...)` read as a change of "conf" reached
the caller's config through the parameter of the same name, and the builder counted as a helper
that changes what it is handed (changed_args.py). Such a change reaches no other object when:
the function binds the name once, at the top level of its body, to a new container (`dict(...)`,
`list(...)`, `copy.copy(...)`, `x.copy()`, a display) and nowhere else (no nested scope names it,
no `global`/`nonlocal`); the change is of the container itself (`conf.pop(k)`, `conf[k] = v`,
`del conf[k]`: not of an item it holds, which a shallow copy shares) and comes in a later top-level
statement; and until the last such change the name is read only to take items out of it
(`conf[k]`, `conf.get(k)`, `k in conf`) or as the change's own receiver, so no other name holds the
copy while it changes.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import calls_by_callee, nodes_of_type

_COPIERS = frozenset({"dict", "list", "set"})
_FIRST_LEVEL = frozenset({"pop", "popitem", "clear", "update", "setdefault", "append", "extend", "insert",
                          "remove", "sort", "reverse", "add", "discard", "__setitem__", "__delitem__"})
_READS = frozenset({"get", "pop"})


def own_copy_changes(tree: ast.Module) -> frozenset[int]:
    """Ids of the change nodes (the Subscript target or the method call) described above."""
    cached = tree.__dict__.get("_shardfix_own_copy_changes")
    if cached is not None:
        return cached
    found: set[int] = set()
    rebound = _rebound_builtins(tree)
    changed = _changed_names(tree)
    for kind in (ast.FunctionDef, ast.AsyncFunctionDef):
        for function in nodes_of_type(tree, kind):
            found |= _in_function(function, rebound, changed)
    result = frozenset(found)
    tree.__dict__["_shardfix_own_copy_changes"] = result
    return result


def _rebound_builtins(tree: ast.Module) -> frozenset[str]:
    return frozenset(node.id for node in nodes_of_type(tree, ast.Name) if type(node.ctx) is not ast.Load) \
        | frozenset(node.name for kind in (ast.FunctionDef, ast.AsyncFunctionDef) for node in nodes_of_type(tree, kind)) \
        | frozenset((alias.asname or alias.name).split(".")[0] for kind in (ast.Import, ast.ImportFrom)
                    for stmt in nodes_of_type(tree, kind) for alias in stmt.names)


def _fresh(value: ast.expr, rebound: frozenset[str]) -> bool:
    if type(value) in (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp):
        return True
    if type(value) is not ast.Call:
        return False
    func = value.func
    if type(func) is ast.Name:
        return func.id in _COPIERS and func.id not in rebound
    return type(func) is ast.Attribute and func.attr == "copy" and not value.args and not value.keywords \
        and type(func.value) is ast.Name and "copy" not in rebound  # `conf.copy()`, no class of the module defining `copy`


def _changed_names(tree: ast.Module) -> frozenset[str]:
    """The names anything in the module changes as `_use` reads a change (`n[k] = v`, `n.pop()`):
    a copy bound to another name has no change to find (the walks below are skipped for it)."""
    stored = {node.value.id for node in nodes_of_type(tree, ast.Subscript)
              if type(node.ctx) is not ast.Load and type(node.value) is ast.Name}
    return frozenset(stored | {call.func.value.id for method in _FIRST_LEVEL for call in calls_by_callee(tree).get(method, ())
                               if type(call.func) is ast.Attribute and type(call.func.value) is ast.Name})


def _in_function(function, rebound: frozenset[str], changed: frozenset[str]) -> set[int]:
    found: set[int] = set()
    for index, stmt in enumerate(function.body):
        if type(stmt) is not ast.Assign or len(stmt.targets) != 1 or type(stmt.targets[0]) is not ast.Name \
                or stmt.targets[0].id not in changed or not _fresh(stmt.value, rebound):
            continue
        name = stmt.targets[0].id
        if _bound_elsewhere(function, name, stmt.targets[0]):
            continue
        changes, reads = [], []  # (top-level index, node)
        for later, other in enumerate(function.body[index + 1:], index + 1):
            for node in ast.walk(other):
                if type(node) is ast.Name and node.id == name:
                    reads.append((later, node))
        parents = {id(child): parent for later, other in enumerate(function.body[index + 1:])
                   for parent in ast.walk(other) for child in ast.iter_child_nodes(parent)}
        kinds = {id(node): _use(node, parents) for _, node in reads}
        changes = [(later, kinds[id(node)][1]) for later, node in reads if kinds[id(node)][0] == "change"]
        if not changes:
            continue
        last = max(later for later, _ in changes)
        if all(kinds[id(node)][0] in ("change", "read") for later, node in reads if later <= last):
            found.update(id(change) for _, change in changes)
    return found


def _use(node: ast.Name, parents) -> tuple[str, ast.AST | None]:
    parent = parents.get(id(node))
    if type(parent) is ast.Subscript and parent.value is node:
        if type(parent.ctx) is not ast.Load:
            return "change", parent  # `conf[k] = v`, `del conf[k]`
        return "read", None
    if type(parent) is ast.Attribute and parent.value is node:
        call = parents.get(id(parent))
        if type(call) is ast.Call and call.func is parent:
            if parent.attr in _FIRST_LEVEL:
                return "change", call
            if parent.attr in _READS:
                return "read", None
        return "other", None
    if type(parent) is ast.Compare and node in parent.comparators and all(type(op) in (ast.In, ast.NotIn) for op in parent.ops):
        return "read", None  # `k in conf`
    return "other", None


def _bound_elsewhere(function, name: str, binding: ast.Name) -> bool:
    for node in ast.walk(function):
        if type(node) is ast.Name and node.id == name and type(node.ctx) is not ast.Load and node is not binding:
            return True
        if type(node) is ast.arg and node.arg == name and not _own_param(function, node):
            return True  # a nested scope's parameter of that name
        if type(node) in (ast.Global, ast.Nonlocal) and name in node.names:
            return True
        if node is not function and type(node) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef) \
                and any(type(inner) is ast.Name and inner.id == name for inner in ast.walk(node)):
            return True  # a nested scope may read or change it while it changes
    return False


def _own_param(function, node: ast.arg) -> bool:
    args = function.args
    return any(node is param for param in args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg])
