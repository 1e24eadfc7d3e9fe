"""Results a cache hands out again (issue 13, found by adversarial12).

`@functools.lru_cache def get_config(): return {"sync": ("i", "j")}` runs its body once; every
later call hands back the same dict, so `get_config()["sync"] = ("i",)` changes what the next
call returns. The interpreter runs a cached def as written (user_decorators.py), which makes a
new dict per call: that is what Python does only when no code changes a result in place. So a
cache keeps the def as written only when the def returns no new list, dict or set, or every
call of it hands its result only to reads (handed_items.py); a name of the def used otherwise
than called (handed on, stored) may be called anywhere: not kept.
"""
from __future__ import annotations

import ast

from codemods.analysis.handed_items import only_read
from codemods.analysis.nodes import module_parents, names_by_id

CACHES = frozenset({"functools.lru_cache", "functools.cache"})
_FRESH_CALLS = frozenset({"dict", "list", "set", "defaultdict", "OrderedDict", "deque", "deepcopy", "copy"})
_FIXED_CALLS = frozenset({"tuple", "str", "int", "float", "bool", "frozenset", "len", "range"})
_ARRAY_MODULES = frozenset({"jax", "jnp", "np", "numpy", "lax"})
_DISPLAYS = (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp)


def shared_result_changed(tree: ast.Module, function: ast.AST) -> bool:
    """Some code may change in place a container the cached `function` returned."""
    key = "_shardfix_shared_result_changed"
    if key not in function.__dict__:
        function.__dict__[key] = _returns_container(tree, function) and not _results_only_read(tree, function)
    return function.__dict__[key]


def _returns_container(tree: ast.Module, function: ast.AST) -> bool:
    classes = {node.name for node in tree.body if type(node) is ast.ClassDef}
    made = {target.id for node in ast.walk(function) if type(node) is ast.Assign and _fresh(node.value)
            for target in node.targets if type(target) is ast.Name}
    for node in ast.walk(function):
        if type(node) is ast.Return and node.value is not None:
            value = node.value
            if _fresh(value) or type(value) is ast.Name and value.id in made or type(value) not in (
                    ast.Constant, ast.Tuple, ast.JoinedStr, ast.Name, ast.Call, ast.Attribute, ast.BinOp) \
                    or type(value) is ast.Call and not _makes_fixed(value, classes):
                return True
    return False


def _makes_fixed(call: ast.Call, classes: set[str]) -> bool:
    """A call whose result no item store changes: an immutable builtin, a module class (its
    fields are attributes, whose stores the field analyses see), or a JAX/NumPy function."""
    func = call.func
    if type(func) is ast.Name:
        return func.id in _FIXED_CALLS or func.id in classes
    while type(func) is ast.Attribute:
        func = func.value
    return type(func) is ast.Name and func.id in _ARRAY_MODULES


def _fresh(expr: ast.expr) -> bool:
    if type(expr) in _DISPLAYS:
        return True
    func = expr.func if type(expr) is ast.Call else None
    name = func.id if type(func) is ast.Name else func.attr if type(func) is ast.Attribute else None
    return name in _FRESH_CALLS


def _results_only_read(tree: ast.Module, function: ast.AST) -> bool:
    parents = module_parents(tree)
    for node in names_by_id(tree).get(function.name, ()):
        call = parents.get(id(node))
        if type(node.ctx) is not ast.Load:
            continue  # (the def's own binding)
        if type(call) is not ast.Call or call.func is not node or not only_read(tree, call, parents):
            return False
    return True
