"""Reads of an object's attribute dict that change no attribute (issue 13).

HuggingFace's `PretrainedConfig.to_dict` starts with `output = dict(self.__dict__)` (or
`copy.deepcopy(self.__dict__)`): a new dict, filled from the attributes, whose later changes
reach no object. Any other use of `obj.__dict__` or `vars(obj)` may hand out the live dict
(`d = vars(obj); d[k] = v` sets an attribute), so the analyses that see one give up on every
field; the uses listed here are left out of that test:

- `dict(N)`, `copy.copy(N)`, `copy.deepcopy(N)`, `{**N, ...}`: a copy;
- `N.copy()`, `N.items()`, `N.keys()`, `N.values()`, `N.get(k)`, `k in N`: reads (the views
  cannot store);

where N is `obj.__dict__` or `vars(obj)`. Nothing is left out when the module binds `dict`,
`vars` or `copy` to anything but the builtins and the `copy` module.
"""
from __future__ import annotations

import ast

_READ_METHODS = frozenset({"copy", "items", "keys", "values", "get"})
_COPY_FUNCTIONS = frozenset({"copy", "deepcopy"})


def copied_namespaces(tree: ast.Module) -> frozenset[int]:
    """Ids of the `__dict__` attribute nodes and `vars` name nodes of the reads above."""
    found = getattr(tree, "_shardfix_copied_namespaces", None)
    if found is None:
        found = tree._shardfix_copied_namespaces = _copied(tree)
    return found


def _copied(tree: ast.Module) -> frozenset[int]:
    from codemods.analysis.nodes import attributes_by_name, module_parents, nodes_of_type

    reads = [node for node in attributes_by_name(tree).get("__dict__", ()) if type(node.ctx) is ast.Load]
    calls = [node for node in nodes_of_type(tree, ast.Call) if type(node.func) is ast.Name and node.func.id == "vars"
             and len(node.args) == 1 and not node.keywords]
    if not (reads or calls) or _rebound(tree):
        return frozenset()
    parents = module_parents(tree)
    found = {id(node) for node in reads if _only_read(node, parents)}
    found |= {id(call.func) for call in calls if _only_read(call, parents)}
    return frozenset(found)


def _only_read(namespace: ast.expr, parents: dict[int, ast.AST]) -> bool:
    parent = parents.get(id(namespace))
    kind = type(parent)
    if kind is ast.Call:
        func = parent.func
        if parent.args != [namespace] or parent.keywords:
            return False
        return type(func) is ast.Name and func.id == "dict" or type(func) is ast.Attribute \
            and func.attr in _COPY_FUNCTIONS and type(func.value) is ast.Name and func.value.id == "copy"
    if kind is ast.Dict:
        return any(key is None and value is namespace for key, value in zip(parent.keys, parent.values))
    if kind is ast.Attribute and parent.attr in _READ_METHODS:
        call = parents.get(id(parent))
        return type(call) is ast.Call and call.func is parent
    if kind is ast.Compare:
        return namespace is not parent.left and all(type(op) in (ast.In, ast.NotIn) for op in parent.ops)
    return False


def _rebound(tree: ast.Module) -> bool:
    """Whether `dict`, `vars` or `copy` may name something else than the builtins and the
    module (a def, a class, an assignment, an import of another name under that name)."""
    for node in ast.walk(tree):
        kind = type(node)
        if kind is ast.Name and node.id in ("dict", "vars", "copy") and type(node.ctx) is not ast.Load:
            return True
        if kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef) and node.name in ("dict", "vars", "copy"):
            return True
        if kind in (ast.Import, ast.ImportFrom):
            for alias in node.names:
                bound = alias.asname or alias.name.split(".")[0]
                if bound in ("dict", "vars") or bound == "copy" and (kind is ast.ImportFrom or alias.name != "copy"):
                    return True
        if kind is ast.arg and node.arg in ("dict", "vars", "copy"):
            return True
    return False
