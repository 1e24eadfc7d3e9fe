"""A module table filled as the module loads by calls of a filler function (torch.distributed's
`new_group`): `_GROUPS = {}`, `def new_group(name, axes): _GROUPS[name] = ProcessGroup(...)`,
then `new_group("dp", ["data"])` statements. The table is read in functions as the dict of those
entries when every fact below holds, so that every read sees it filled and nothing else changes it:
- the table is bound once, at the module's top level, to `{}`, bound by no function;
- the filler is a plain module def, undecorated, whose body is one store `_GROUPS[p] = expr` with
  `p` a parameter (never rebound), then optionally `return _GROUPS[p]` or `return` of a name;
  its name is read only as the function of filling statements: top-level statements
  `new_group("dp", ...)` after the table's binding, with distinct str literals for `p`, no
  `*`/`**`, and arguments holding no call (nothing runs while the table fills but the generated
  code of what `expr` builds, which the interpreter follows);
- no other top-level statement between the binding and the last filling statement calls anything
  but JAX or NumPy (which cannot read the table);
- every other read of the table is inside a function, an item load `_GROUPS[k]`.
Each entry is `expr` with the parameters bound to that call's arguments.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import iter_nodes, iter_with_scopes, module_parents, positional_params
from codemods.analysis.values import DictValue, Value

_SAFE_CALLEES = ("jax.", "numpy.")


def filled_table(interp, name: str, frame) -> Value | None:
    """The entries of module table `name` filled by a filler function's statements (None: not such a table)."""
    if any(interp.scope.locals_of(scope).binds(name) for scope in frame.static_scopes or ()):
        return None
    plan = _plan(interp.scope, name)
    if plan is None:
        return None
    filler, key_param, store, calls = plan
    from codemods.analysis.interpreter import Frame

    keys, items = [], []
    for call in calls:
        args = [(interp.eval(arg, interp.module_frame), arg) for arg in call.args]
        keywords = {keyword.arg: interp.eval(keyword.value, interp.module_frame) for keyword in call.keywords}
        bound = Frame(filler, interp.module_frame)
        if not interp._bind_params(filler.args, [value for value, _ in args], keywords, bound):
            return None
        keys.append(_key_of(call, filler, key_param))
        items.append(interp.eval(store.value, bound))
    return DictValue(tuple(keys), tuple(items))


def _key_of(call: ast.Call, filler: ast.FunctionDef, param: str) -> str:
    names = [arg.arg for arg in positional_params(filler.args)]
    if param in names and names.index(param) < len(call.args):
        return call.args[names.index(param)].value
    return next(keyword.value.value for keyword in call.keywords if keyword.arg == param)


def _plan(scope, name: str):
    cache = scope.tree.__dict__.setdefault("_shardfix_filler_tables", {})
    if name not in cache:
        cache[name] = _read_plan(scope, name)
    return cache[name]


def _read_plan(scope, name: str):
    body = scope.tree.body
    binding = next((at for at, stmt in enumerate(body) if type(stmt) is ast.Assign and len(stmt.targets) == 1
                    and type(stmt.targets[0]) is ast.Name and stmt.targets[0].id == name), None)
    if binding is None or scope.globals.unique_value(name) is not body[binding].value \
            or type(body[binding].value) is not ast.Dict or body[binding].value.keys:
        return None
    parents = module_parents(scope.tree)
    stores = [node for node in iter_nodes(scope.tree) if type(node) is ast.Name and node.id == name
              and isinstance(parents.get(id(node)), ast.Subscript) and parents[id(node)].value is node
              and not isinstance(parents[id(node)].ctx, ast.Load)]
    if len(stores) != 1:
        return None
    filler = next((stmt for stmt in body if type(stmt) is ast.FunctionDef
                   and any(node is stores[0] for node in iter_nodes(stmt))), None)
    if filler is None or filler.decorator_list or scope.globals.unique_function(filler.name) is not filler:
        return None
    store = filler.body[0] if filler.body else None
    params = {arg.arg for arg in positional_params(filler.args) + list(filler.args.kwonlyargs)}
    if type(store) is not ast.Assign or len(store.targets) != 1 or store.targets[0] is not parents[id(stores[0])] \
            or type(store.targets[0].slice) is not ast.Name or store.targets[0].slice.id not in params \
            or filler.args.vararg or filler.args.kwarg or len(filler.body) > 2:
        return None
    key_param = store.targets[0].slice.id
    if any(type(node) is ast.Name and node.id in params and not isinstance(node.ctx, ast.Load)
           or isinstance(node, (ast.Global, ast.Nonlocal, ast.Lambda, ast.FunctionDef)) for node in iter_nodes(filler)
           if node is not filler):
        return None
    if len(filler.body) == 2 and not (type(filler.body[1]) is ast.Return and type(filler.body[1].value) in (ast.Name, ast.Subscript)):
        return None
    calls, last = [], binding
    for at, stmt in enumerate(body):
        if type(stmt) is ast.Expr and type(stmt.value) is ast.Call and type(stmt.value.func) is ast.Name \
                and stmt.value.func.id == filler.name:
            call = stmt.value
            if at < binding or any(type(arg) is ast.Starred for arg in call.args) \
                    or any(keyword.arg is None for keyword in call.keywords) \
                    or any(type(node) in (ast.Call, ast.Lambda, ast.NamedExpr) for node in iter_nodes(call) if node is not call):
                return None
            calls.append(call)
            last = at
    keys = []
    for call in calls:
        try:
            key = _key_of(call, filler, key_param)
        except (StopIteration, AttributeError):
            return None
        if type(key) is not str:
            return None
        keys.append(key)
    if not calls or len(set(keys)) != len(keys):
        return None
    for stmt in body[binding + 1:last]:
        if stmt in [parents.get(id(call)) for call in calls] or isinstance(stmt, (ast.FunctionDef, ast.ClassDef)):
            continue
        for node in iter_nodes(stmt):
            if type(node) is ast.Call and not (scope.resolve(node.func) or "").startswith(_SAFE_CALLEES):
                return None
    filling = {id(call.func) for call in calls}
    for node, scopes in iter_with_scopes(scope.tree):
        if type(node) is ast.Name and node.id == filler.name and id(node) not in filling:
            return None
        if type(node) is ast.arg and node.arg == name or isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return None
        if type(node) is not ast.Name or node.id != name or node is body[binding].targets[0] or node is stores[0]:
            continue
        parent = parents.get(id(node))
        if not scopes or type(parent) is not ast.Subscript or parent.value is not node \
                or not isinstance(parent.ctx, ast.Load) or type(parent.slice) is ast.Slice:
            return None
    return filler, key_param, store, calls
