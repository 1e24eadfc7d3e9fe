"""The keys of an example dict handed from `inputs()` to `main` (issue 13): AlphaFold-style
scripts end with `main(*inputs())` where `inputs` builds `np_example = {"msa": ..., ...}` and
returns `(np_example,)`, and `main` walks it (`for k in np_example`, `np_example.items()`) to
build one spec and one placed array per feature.

unchanged_objects.py proves a whole object unchanged; a file with a config class defining
`__getattr__` proves nothing there. The keys alone need less: the dict is a display written in
the returning function, bound once to a local name there, and that name and the parameter it lands
on are only read in ways that cannot add or remove a key (iterated, indexed, asked for
`items()`/`keys()`/`values()`/`get()`, `len`, `in`), in functions that never rebind them.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, body_nodes, module_parents, positional_params

_READING_METHODS = frozenset({"items", "keys", "values", "get"})
_READING_BUILTINS = frozenset({"len", "sorted", "list", "tuple"})


def keys_kept(tree: ast.Module, call: ast.expr, index: int, function: ast.AST, param: str) -> bool:
    """Item `index` of what `call` (a module def called by name) returns is a dict display whose
    keys no code can change before and while `param` of `function` holds it."""
    if type(call) is not ast.Call or type(call.func) is not ast.Name or call.args or call.keywords:
        return False
    defs = [stmt for stmt in tree.body if isinstance(stmt, DEFS) and stmt.name == call.func.id]
    if len(defs) != 1 or _shadowing_builtins(tree):
        return False
    maker = defs[0]
    returns = [node for node in body_nodes(maker) if type(node) is ast.Return]
    if len(returns) != 1 or type(returns[0].value) is not ast.Tuple or index >= len(returns[0].value.elts) \
            or any(type(item) is ast.Starred for item in returns[0].value.elts):
        return False
    item = returns[0].value.elts[index]
    if type(item) is ast.Dict:
        return None not in item.keys and _only_read(tree, function, param)
    if type(item) is not ast.Name:
        return False
    stores = [node for node in body_nodes(maker) if type(node) is ast.Name and node.id == item.id
              and not isinstance(node.ctx, ast.Load)]
    parents = module_parents(tree)
    bound = parents.get(id(stores[0])) if len(stores) == 1 else None
    if type(bound) is not ast.Assign or bound.targets != [stores[0]] or type(bound.value) is not ast.Dict \
            or None in bound.value.keys or item.id in _declared(maker):
        return False
    return _only_read(tree, maker, item.id, allowed=item) and _only_read(tree, function, param)


def _only_read(tree: ast.Module, function: ast.AST, name: str, allowed: ast.AST | None = None) -> bool:
    """Every use of `name` in `function` (nested code too) reads it without changing its keys, and
    nothing rebinds it there but its one binding (a parameter, or the display's assignment)."""
    if name in _declared(function):
        return False
    parents = module_parents(tree)
    params = {arg.arg for arg in positional_params(function.args) + list(function.args.kwonlyargs)}
    stores = 0
    for node in ast.walk(function):
        if isinstance(node, DEFS + (ast.Lambda,)) and node is not function \
                and name in {arg.arg for arg in ast.walk(node.args) if type(arg) is ast.arg}:
            return False  # a nested parameter of the same name: another object, not followed
        if type(node) is not ast.Name or node.id != name:
            continue
        if not isinstance(node.ctx, ast.Load):
            stores += 1
            continue
        if node is not allowed and not _reading_use(node, parents):
            return False
    return stores == (0 if name in params else 1)


def _reading_use(node: ast.Name, parents: dict) -> bool:
    holder = parents.get(id(node))
    kind = type(holder)
    if kind is ast.comprehension or kind is ast.For:
        return holder.iter is node
    if kind is ast.Subscript:
        return holder.value is node and isinstance(holder.ctx, ast.Load)
    if kind is ast.Attribute:
        call = parents.get(id(holder))
        return holder.attr in _READING_METHODS and type(call) is ast.Call and call.func is holder
    if kind is ast.Call:
        return type(holder.func) is ast.Name and holder.func.id in _READING_BUILTINS and holder.args == [node] \
            and not holder.keywords
    if kind is ast.Compare:
        return node in holder.comparators and all(type(op) in (ast.In, ast.NotIn) for op in holder.ops)
    return False


def _declared(function: ast.AST) -> set[str]:
    return {name for node in ast.walk(function) if type(node) in (ast.Global, ast.Nonlocal) for name in node.names}


def _shadowing_builtins(tree: ast.Module) -> bool:
    """The module binds a name of a builtin read above (`list = ...`): those reads are not the builtins."""
    names = _READING_BUILTINS
    return any(type(node) is ast.Name and node.id in names and not isinstance(node.ctx, ast.Load)
               or isinstance(node, DEFS + (ast.ClassDef,)) and node.name in names for node in ast.walk(tree))
