"""A module table filled by item stores at the top of the module (issue 13):

    MEASUREMENTS = {}
    MEASUREMENTS["energy_acf"] = Autocorrelation(MAX_LAG)
    ...
    jax.shard_map(MEASUREMENTS["energy_acf"], ...)

reads, at each key, the expression stored there, as the display `{"energy_acf":
Autocorrelation(MAX_LAG)}` would hold it (body_tables.py). Read only when certain: the name is
bound once, to a dict display of str literal keys, at the top of the module; every other use of
it is either a statement at the top of the module, after that binding, storing one value under a
str literal key that no other store or the display uses (and not reading the table), or a read by
subscript (no alias, method call, `del`, augmented store or argument that could change it) whose
item, where a list, dict or set is stored, is only read (`TABLE["drop"].append(a)` changes what
the table holds: handed_items.py). Each
key is then given one value once: a read made before its store raises KeyError, never reads
another value.
"""
from __future__ import annotations

import ast

from codemods.analysis.handed_items import only_read
from codemods.analysis.nodes import NOT_LITERAL, literal_value, module_parents, names_by_id
from codemods.analysis.values import DictValue, Value

_CACHE = "_shardfix_stored_tables"
_NAMED_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def stored_entries(tree: ast.Module, name: str) -> dict | None:
    """key -> the value expression the table `name` holds (display entries and stores), or None."""
    cache = tree.__dict__.setdefault(_CACHE, {})
    if name not in cache:
        cache[name] = _entries(tree, name)
    return cache[name]


def _entries(tree: ast.Module, name: str) -> dict | None:
    body = tree.body
    bindings = [at for at, stmt in enumerate(body) if type(stmt) is ast.Assign and len(stmt.targets) == 1
                and type(stmt.targets[0]) is ast.Name and stmt.targets[0].id == name]
    if len(bindings) != 1 or type(body[bindings[0]].value) is not ast.Dict:
        return None
    start = bindings[0]
    display = body[start].value
    keys = [literal_value(key) if key is not None else NOT_LITERAL for key in display.keys]
    if any(type(key) is not str for key in keys):
        return None
    entries = dict(zip(keys, display.values))
    if len(entries) != len(keys):
        return None
    stores: dict[int, ast.Subscript] = {}
    for at in range(start + 1, len(body)):
        stmt = body[at]
        target = stmt.targets[0] if type(stmt) is ast.Assign and len(stmt.targets) == 1 else None
        if type(target) is ast.Subscript and type(target.value) is ast.Name and target.value.id == name:
            key = literal_value(target.slice)
            if type(key) is not str or key in entries or _mentions(stmt.value, name):
                return None
            entries[key] = stmt.value
            stores[id(target.value)] = target
    if len(entries) == len(keys):
        return None  # nothing stored: a display (body_tables.py reads it)
    if any(type(node) in _NAMED_DEFS and node.name == name
           or type(node) is ast.alias and (node.asname or node.name.partition(".")[0]) == name for node in ast.walk(tree)):
        return None  # bound by a def, a class or an import too
    containers = any(_container(value) for value in entries.values())
    subscripted = {id(node.value): node for node in ast.walk(tree)
                   if type(node) is ast.Subscript and type(node.value) is ast.Name and node.value.id == name}
    for node in names_by_id(tree).get(name, ()):
        if node is body[start].targets[0] or id(node) in stores:
            continue
        read = subscripted.get(id(node))
        if read is None or not isinstance(read.ctx, ast.Load) or not isinstance(node.ctx, ast.Load) \
                or containers and not only_read(tree, read, module_parents(tree)):
            return None  # (a list or dict handed on may be changed in place: handed_items.py)
    return entries


def _container(expr: ast.expr) -> bool:
    """A value written as a new list, dict or set (what a read can hand out and code change)."""
    if type(expr) in (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp):
        return True
    func = expr.func if type(expr) is ast.Call else None
    name = func.id if type(func) is ast.Name else func.attr if type(func) is ast.Attribute else None
    return name in ("list", "dict", "set", "defaultdict", "OrderedDict", "deque")


def _mentions(expr: ast.expr, name: str) -> bool:
    return any(type(node) is ast.Name and node.id == name for node in ast.walk(expr))


def stored_table(interp, name: str, frame) -> Value | None:
    """The module table `name` filled by item stores, as the dict of the values its statements
    store, each evaluated where it is written (the module); None when not such a table or when
    `frame`'s functions bind the name themselves."""
    if any(interp.scope.locals_of(scope).binds(name) for scope in frame.static_scopes or ()) \
            or name in interp.scope.volatile:
        return None
    entries = stored_entries(interp.scope.tree, name)
    if entries is None:
        return None
    interp.silent += 1  # built as the module runs: nothing in it is judged
    try:
        return DictValue(tuple(entries), tuple(interp.eval(value, interp.module_frame) for value in entries.values()))
    finally:
        interp.silent -= 1
