"""A function's own fresh dict patched by the statements right after it (issue 13).

Scripts load a configuration and fix a key up before handing the dict on:

    config = json.loads(RESNET_CONFIG)
    config["sync_norm_axes"] = tuple(config["sync_norm_axes"])
    resnet = ResnetBlock2D.from_config(config)

Python runs the body's top-level statements in order, so every read of `config` written after
the last store sees the dict with the stores made (each store's right-hand side sees the stores
before it). That holds only when:
- the function binds the name once, by a top-level `name = <fresh dict>` (a dict display or
  comprehension, `dict(...)`, `json.loads(...)`, `copy.copy/deepcopy(...)`): no other object is
  that dict, so no other name sees or changes it;
- the stores `name["key"] = value` (a string key) are top-level statements after it, and no
  statement between the binding and the last store, other than the stores, mentions the name;
- the function reads the name nowhere before the last store (outside the stores' own values),
  nested functions included, and is not a parameter, `global` or `nonlocal`;
- without the stores no code of the module changes a dict of that name in place
  (mutation.mutated_names on a copy of the module without them).
Anything else leaves the name as before (unknown where changed in place).
"""
from __future__ import annotations

import ast
import copy

from codemods.analysis.values import DictValue

_FRESH_CALLS = frozenset({"builtins.dict", "json.loads", "copy.copy", "copy.deepcopy"})


def _stores_of(function, name: str) -> tuple[ast.Assign, list[ast.Assign]] | None:
    """(the binding, its stores in order) when the shape above holds, else None."""
    bindings = [node for node in ast.walk(function) if type(node) is ast.Name and node.id == name
                and type(node.ctx) is not ast.Load]
    if len(bindings) != 1 or any(arg.arg == name for arg in ast.walk(function.args) if type(arg) is ast.arg) \
            or any(type(node) in (ast.Global, ast.Nonlocal) and name in node.names for node in ast.walk(function)):
        return None
    body = function.body
    made = next((index for index, stmt in enumerate(body) if type(stmt) is ast.Assign and len(stmt.targets) == 1
                 and stmt.targets[0] is bindings[0]), None)
    if made is None or type(body[made].value) not in (ast.Dict, ast.DictComp, ast.Call):
        return None
    stores: list[ast.Assign] = []
    for index in range(made + 1, len(body)):
        stmt = body[index]
        if _store_of(stmt, name):
            stores.append(stmt)
    if not stores:
        return None
    allowed = {id(bindings[0])} | {id(store.targets[0].value) for store in stores} \
        | {id(node) for store in stores for node in ast.walk(store.value)}
    end = (stores[-1].end_lineno, stores[-1].end_col_offset)
    for node in ast.walk(function):
        if type(node) is ast.Name and node.id == name and id(node) not in allowed \
                and (node.lineno, node.col_offset) <= end:
            return None  # read (or changed) before the dict is complete
    if _mentions(body[made].value, name) or any(_mentions(store.targets[0].slice, name) for store in stores):
        return None
    return body[made], stores


def _store_of(stmt: ast.stmt, name: str) -> bool:
    if type(stmt) is not ast.Assign or len(stmt.targets) != 1:
        return False
    target = stmt.targets[0]
    return type(target) is ast.Subscript and type(target.value) is ast.Name and target.value.id == name \
        and type(target.slice) is ast.Constant and type(target.slice.value) is str


def _mentions(node: ast.AST, name: str) -> bool:
    return any(type(each) is ast.Name and each.id == name for each in ast.walk(node))


def _unchanged_otherwise(tree: ast.Module, function, name: str, stores: list[ast.Assign]) -> bool:
    from codemods.analysis.mutation import mutated_names

    key = "_shardfix_local_patches"
    cache = tree.__dict__.setdefault(key, {})
    if (id(function), name) not in cache:
        ids = {id(store) for store in stores}
        clean = ast.Module(body=copy.deepcopy(tree.body), type_ignores=[])
        for node, original in zip(ast.walk(clean), ast.walk(tree)):
            for attr in [attr for attr in vars(node) if attr.startswith("_shardfix")]:
                delattr(node, attr)  # the original's caches are not the copy's
        for node, original in zip(ast.walk(clean), ast.walk(tree)):
            if original is function:
                node.body = [stmt for stmt, was in zip(node.body, original.body) if id(was) not in ids] or [ast.Pass()]
                break
        cache[(id(function), name)] = name not in mutated_names(clean)
    return cache[(id(function), name)]


def local_patched(interp, name: str, owner, scopes: tuple) -> DictValue | None:
    """The dict `name` holds in `owner` (the innermost of `scopes`) once its stores ran, or None."""
    from codemods.analysis.interpreter import Frame
    from codemods.analysis.values import JaxName

    if not scopes or scopes[-1] is not owner or type(owner) not in (ast.FunctionDef, ast.AsyncFunctionDef):
        return None
    found = _stores_of(owner, name)
    if found is None:
        return None
    made, stores = found
    frame = interp._static_frame(scopes)
    if type(made.value) is ast.Call:
        func = interp.eval(made.value.func, frame)
        if not (isinstance(func, JaxName) and func.name in _FRESH_CALLS):
            return None
    if not _unchanged_otherwise(interp.scope.tree, owner, name, stores):
        return None
    current = interp.eval(made.value, frame)
    for store in stores:
        if not isinstance(current, DictValue):
            return None
        item = interp.eval(store.value, Frame(None, interp.module_frame, vars={name: current}, static_scopes=scopes))
        keys, items = list(current.keys), list(current.items)
        key = store.targets[0].slice.value
        if key in keys:
            items[keys.index(key)] = item
        else:
            keys.append(key)
            items.append(item)
        current = DictValue(tuple(keys), tuple(items))
    return current if isinstance(current, DictValue) else None
