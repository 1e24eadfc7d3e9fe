"""Changes a builder makes to a table of its own before anything else can see it.

`config = dict(BASE); config.update(overrides); return config`: the copy is new, its name is bound
once in the function, and the statements between its making and the change only change it at its
top level too, so no other name can hold it yet and no other object is touched (a top-level change
of a copy leaves the items it shares with BASE as they are). Whoever reads the table later reads it
with those changes made, as the interpreter computes it by running the builder.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import iter_nodes

# Calls of builtins that make a new container (a shallow copy shares only the items).
_MAKERS = frozenset({"dict", "list", "set"})


def initializing(tree: ast.Module, statement: ast.stmt, parents: dict[int, ast.AST], shadowed: set[str]) -> bool:
    """`statement` changes at its top level a table its function has just made, as above
    (`shadowed`: names the module binds, so that `dict` may not be the builtin)."""
    name = _changed_name(statement)
    function = parents.get(id(statement))
    if name is None or not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) \
            or not any(stmt is statement for stmt in function.body):
        return False
    index = next(position for position, stmt in enumerate(function.body) if stmt is statement)
    for position in range(index - 1, -1, -1):
        earlier = function.body[position]
        if _changed_name(earlier) == name:
            continue  # another top-level change of it: nothing has seen it yet
        return _made(earlier, name, shadowed) and _bound_once(function, name)
    return False


def _changed_name(statement: ast.stmt) -> str | None:
    """v of `v.update(...)`, `v.append(...)`, `v[k] = x` whose other parts do not read v."""
    from codemods.analysis.mutation import MUTATORS

    if type(statement) is ast.Expr and type(statement.value) is ast.Call:
        call = statement.value
        func = call.func
        if type(func) is ast.Attribute and func.attr in MUTATORS and type(func.value) is ast.Name:
            name = func.value.id
            return name if not _reads(call.args + [keyword.value for keyword in call.keywords], name) else None
    if type(statement) is ast.Assign and len(statement.targets) == 1 and type(statement.targets[0]) is ast.Subscript \
            and type(statement.targets[0].value) is ast.Name:
        target = statement.targets[0]
        name = target.value.id
        return name if not _reads([target.slice, statement.value], name) else None
    return None


def _reads(nodes: list[ast.AST], name: str) -> bool:
    return any(type(node) is ast.Name and node.id == name for root in nodes for node in iter_nodes(root))


def _made(statement: ast.stmt, name: str, shadowed: set[str]) -> bool:
    """`v = {...}`, `v = [...]`, `v = dict(BASE)`, `v = [f(x) for x in xs]`: a new container."""
    if type(statement) is not ast.Assign or len(statement.targets) != 1 or type(statement.targets[0]) is not ast.Name \
            or statement.targets[0].id != name:
        return False
    value = statement.value
    if type(value) in (ast.Dict, ast.List, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp):
        return True
    return type(value) is ast.Call and type(value.func) is ast.Name and value.func.id in _MAKERS \
        and value.func.id not in shadowed


def _bound_once(function, name: str) -> bool:
    """`name` is a local of `function` bound by one statement, not a parameter, and no function or
    lambda inside it reads it (one that ran during the changes could hand the table on)."""
    args = function.args
    params = [*args.posonlyargs, *args.args, *args.kwonlyargs, *(p for p in (args.vararg, args.kwarg) if p)]
    if any(param.arg == name for param in params):
        return False
    stores = 0
    for node in iter_nodes(function):
        if node is not function and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)) \
                and _reads([node], name):
            return False
        if type(node) in (ast.Global, ast.Nonlocal) and name in node.names:
            return False
        if type(node) is ast.Name and node.id == name and not isinstance(node.ctx, ast.Load):
            stores += 1
        elif type(node) is ast.arg and node.arg == name:
            return False
    return stores == 1
