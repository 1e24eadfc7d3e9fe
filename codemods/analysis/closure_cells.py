"""Closure cells a nested function changes in place: `def make(): state = {...}; def put(a):
state["axes"] = a; return get, put`. Once `make` has returned, its cells outlive the run that
made them, and whoever holds `put` (an importer, a callback) may change them at any time the
analysis does not see; a read of such a cell through a closure is then not the value the maker
left (found by adversarial28). A cell rebound by `nonlocal` is handled with the module's
rebound names (module_writes.py)."""
from __future__ import annotations

import ast

from codemods.analysis.mutation import MUTATORS
from codemods.analysis.nodes import iter_nodes, module_parents

_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
# Methods of a set that change it (the list and dict ones are mutation.MUTATORS).
_SET_CHANGERS = frozenset({"add", "discard", "difference_update", "intersection_update",
                           "symmetric_difference_update"})


def changed_by_inner(scope, function: ast.AST, name: str) -> bool:
    """Some function nested in `function` changes the object of `function`'s variable `name`
    in place (an item or field store or delete, a changing method, an augmented assignment on an
    item of it), reading it as a free variable. Cached on the function."""
    cache = function.__dict__.setdefault("_shardfix_changed_cells", {})
    if name not in cache:
        cache[name] = any(_changes(scope, inner, name) for inner in iter_nodes(function)
                          if inner is not function and isinstance(inner, _DEFS))
    return cache[name]


def _changes(scope, inner: ast.AST, name: str) -> bool:
    if type(inner) is not ast.Lambda and scope.locals_of(inner).binds(name) \
            and not any(type(node) is ast.Nonlocal and name in node.names for node in iter_nodes(inner)):
        return False  # its own variable of that name
    parents = module_parents(scope.tree)
    for node in iter_nodes(inner):
        if type(node) is not ast.Name or node.id != name or not isinstance(node.ctx, ast.Load):
            continue
        used, parent = node, parents.get(id(node))
        while isinstance(parent, (ast.Subscript, ast.Attribute)) and parent.value is used:
            if not isinstance(parent.ctx, ast.Load):
                return True  # `state["axes"] = a`, `state.axes = a`, `del state[0]`
            if type(parent) is ast.Attribute and parent.attr in MUTATORS | _SET_CHANGERS \
                    and type(parents.get(id(parent))) is ast.Call:
                return True  # `state.append(a)`
            used, parent = parent, parents.get(id(parent))
        if type(parent) is ast.AugAssign and parent.target is used and used is not node:
            return True  # `state[0] += (a,)`
        if used is node and _handed_on(scope.tree, node, parent):
            return True
    return False


def _handed_on(tree: ast.Module, node: ast.Name, parent: ast.AST | None) -> bool:
    """The cell's object given to code that may change it: a helper of the file that changes a
    parameter in place (by the name it is handed under), `operator.setitem(state, ...)`,
    `setattr(state, ...)`, or another name some code changes in place (`s = state; s["k"] = a`)."""
    from codemods.analysis.changed_args import handed_to_changers
    from codemods.analysis.mutation import mutated_names

    if type(parent) is ast.Call and node in parent.args:
        callee = parent.func.id if type(parent.func) is ast.Name else \
            parent.func.attr if type(parent.func) is ast.Attribute else None
        return callee in ("setitem", "delitem", "setattr", "delattr") or node.id in handed_to_changers(tree)
    if type(parent) in (ast.Assign, ast.NamedExpr) and parent.value is node:
        targets = parent.targets if type(parent) is ast.Assign else [parent.target]
        changed = mutated_names(tree)
        return any(type(target) is not ast.Name or target.id in changed for target in targets)
    return False
