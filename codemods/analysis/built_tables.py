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
    if name is None:
        return False
    top = statement
    function = parents.get(id(statement))
    while isinstance(function, _BLOCKS):  # `for item in overrides: cfg[key] = ...`
        top, function = function, parents.get(id(function))
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) \
            or not any(stmt is top for stmt in function.body):
        return False
    if top is not statement and not _only_builds(top, name):
        return False
    index = next(position for position, stmt in enumerate(function.body) if stmt is top)
    for position in range(index - 1, -1, -1):
        earlier = function.body[position]
        if _changed_name(earlier) == name or type(earlier) in _BLOCKS and _only_builds(earlier, name):
            continue  # another change of it at its top level: nothing has seen it yet
        return _made(earlier, name, shadowed) and _bound_once(function, name, earlier)
    return False


# Compound statements whose body may build the table: they run it in place, binding no new scope.
_BLOCKS = (ast.For, ast.While, ast.If)
# Methods of a dict or list that read it and hand out no reference to the container itself.
_ITEM_READS = frozenset({"get", "keys", "values", "items", "index", "count"})


def _only_builds(block: ast.stmt, name: str) -> bool:
    """Every statement in `block` that uses `name` changes it at its top level (`_changed_name`) or
    reads its items (`v[k]`, `v.get(k)`, `k in v`): no other name or object can come to hold the
    table itself while the block runs (items read are the ones it shares with what it copied, and
    changes to them are changes through the names that read them, counted as such)."""
    parents = {}
    for node in iter_nodes(block):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    changes = {id(node) for node in iter_nodes(block) if isinstance(node, ast.stmt) and _changed_name(node) == name}
    for node in iter_nodes(block):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)) and _reads([node], name):
            return False
        if type(node) is not ast.Name or node.id != name:
            continue
        parent = parents.get(id(node))
        if type(node.ctx) is not ast.Load or parent is None:
            return False
        if type(parent) is ast.Subscript and parent.value is node:
            holder = parents.get(id(parent))
            if type(parent.ctx) is ast.Load or type(holder) is ast.Assign and id(holder) in changes:
                continue
            return False
        if type(parent) is ast.Attribute and parent.value is node:
            call = parents.get(id(parent))
            if type(call) is ast.Call and call.func is parent and (
                    parent.attr in _ITEM_READS or id(parents.get(id(call))) in changes):
                continue
            return False
        if type(parent) is ast.Compare and node in parent.comparators \
                and all(type(op) in (ast.In, ast.NotIn) for op in parent.ops):
            continue
        return False
    return True


def initializing_node(tree: ast.Module, node: ast.AST, returned: bool = False) -> bool:
    """`initializing` for the change `node` (`v[k]` stored, or `v.update(...)` called) makes,
    `dict`, `list` and `set` counting as the builtins unless the module binds one of them;
    `returned`: and the builder reads the table, once built, only to return it (no statement of
    its own after the changes can read the table's text, which lacks them)."""
    from codemods.analysis.nodes import module_parents, nodes_of_type

    statement = module_parents(tree).get(id(node))
    if not isinstance(statement, ast.stmt) or _changed_name(statement) is None:
        return False
    shadowed = getattr(tree, "_shardfix_maker_names", None)
    if shadowed is None:
        bound = {n.id for n in nodes_of_type(tree, ast.Name) if type(n.ctx) is not ast.Load}
        for kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.arg, ast.alias):
            bound |= {getattr(n, "name", None) or getattr(n, "arg", None) for n in nodes_of_type(tree, kind)}
            bound |= {n.asname for n in nodes_of_type(tree, ast.alias) if n.asname}
        shadowed = tree._shardfix_maker_names = frozenset(bound & _MAKERS)
    if not initializing(tree, statement, module_parents(tree), set(shadowed)):
        return False
    return not returned or _only_returned(module_parents(tree), statement, _changed_name(statement))


def _only_returned(parents: dict[int, ast.AST], statement: ast.stmt, name: str) -> bool:
    top, function = statement, parents.get(id(statement))
    while isinstance(function, _BLOCKS):
        top, function = function, parents.get(id(function))
    index = next(position for position, stmt in enumerate(function.body) if stmt is top)
    for later in function.body[index + 1:]:
        if _changed_name(later) == name or type(later) in _BLOCKS and _only_builds(later, name):
            continue
        if not _reads([later], name):
            continue
        value = later.value if type(later) is ast.Return else None
        items = value.elts if type(value) is ast.Tuple else [value]
        if not any(type(item) is ast.Name and item.id == name for item in items) \
                or any(_reads([item], name) for item in items if not (type(item) is ast.Name and item.id == name)):
            return False
    return True


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


def _bound_once(function, name: str, made: ast.stmt) -> bool:
    """`name` is bound by one statement of `function` (`made`) beside, at most, its parameter of
    that name (`cfg = dict(cfg)`: the parameter is read by the copy and never again, every later
    read is of the copy), and no function or lambda inside it reads it (one that ran during the
    changes could hand the table on)."""
    args = function.args
    params = [*args.posonlyargs, *args.args, *args.kwonlyargs, *(p for p in (args.vararg, args.kwarg) if p)]
    if any(param.arg == name for param in params):
        if any(param.arg == name for param in (args.vararg, args.kwarg) if param is not None):
            return False
        return _first_use(function, name, made) and _bound_once(_without_param(function, name), name, made)
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


def _first_use(function, name: str, made: ast.stmt) -> bool:
    """`made` is the first statement of `function` whose text uses `name` (the parameter is read
    there only)."""
    for stmt in function.body:
        if stmt is made:
            return True
        if _reads([stmt], name) or any(type(node) is ast.Name and node.id == name for node in iter_nodes(stmt)):
            return False
    return False


def _without_param(function, name: str):
    """A stand-in for `function` whose parameters leave out `name` (its body is the same)."""
    args = function.args
    def keep(params):
        return [param for param in params if param.arg != name]

    copy = ast.FunctionDef(name=function.name, args=ast.arguments(
        posonlyargs=keep(args.posonlyargs), args=keep(args.args), vararg=args.vararg, kwonlyargs=keep(args.kwonlyargs),
        kw_defaults=[], kwarg=args.kwarg, defaults=[]), body=function.body, decorator_list=[], returns=None,
        type_params=[])
    return copy
