"""Where a def a registry decorator files runs, for mesh_reach.py (issue 13): `@entrypoint("export")`
over `def export(args, kernel)`, with `def entrypoint(name): def register(fn): ENTRYPOINTS[name] =
fn; return fn; return register` and `ENTRYPOINTS = {}`, run as `ENTRYPOINTS[args.command](...)`.

The decorator hands the def back unchanged, so its name still calls it; the registry may call it
too, wherever the table is read. Every read of the table is then a place the def may run, when
each is called at once (`TABLE[key](...)`) and the table is filled only there and read nowhere
else (not handed on, not read at module level before every def is filed). Anything else: None.
"""
from __future__ import annotations

import ast


def filed_uses(reach, function: ast.FunctionDef) -> list[ast.AST] | None:
    """The table reads (`TABLE[key]`, each the callee of a call) that may run `function`, when
    its one decorator is such a filing factory; None otherwise."""
    if type(function) is not ast.FunctionDef or len(function.decorator_list) != 1:
        return None  # (a lambda bound to a name arrives as its assignment)
    decorator = function.decorator_list[0]
    if type(decorator) is not ast.Call or type(decorator.func) is not ast.Name or len(decorator.args) != 1 \
            or decorator.keywords or type(decorator.args[0]) is not ast.Constant:
        return None
    table = _filing_table(reach, reach.module_defs.get(decorator.func.id))
    if table is None or reach.bound.get(table) != 1 or type(reach.assigned.get(table)) is not ast.Dict \
            or reach.assigned[table].keys:
        return None
    reads = []
    for node in reach.references.get(table, []):
        holder = reach.parents.get(id(node))
        if type(holder) is ast.Assign:
            continue  # `TABLE = {}` itself
        call = reach.parents.get(id(holder))
        if type(holder) is not ast.Subscript or holder.value is not node:
            return None
        if type(holder.ctx) is ast.Store:
            if _enclosing_def(reach, holder) is not reach.module_defs.get(decorator.func.id):
                return None  # filled elsewhere too
            continue
        if type(call) is not ast.Call or call.func is not holder or _enclosing_def(reach, holder) is None:
            return None  # handed on, or read at module level
        if type(holder.slice) is not ast.Constant or holder.slice.value == decorator.args[0].value:
            reads.append(holder)
    return reads


def _filing_table(reach, factory: ast.AST | None) -> str | None:
    """TABLE of `def factory(key): def register(fn): TABLE[key] = fn; return fn; return register`."""
    if type(factory) is not ast.FunctionDef or factory.decorator_list or len(factory.args.args) != 1 \
            or len(factory.body) != 2:
        return None
    inner, back = factory.body
    if type(inner) is not ast.FunctionDef or len(inner.args.args) != 1 or len(inner.body) != 2 \
            or type(back) is not ast.Return or type(back.value) is not ast.Name or back.value.id != inner.name:
        return None
    store, returned = inner.body
    fn = inner.args.args[0].arg
    if type(store) is not ast.Assign or len(store.targets) != 1 or type(store.targets[0]) is not ast.Subscript \
            or type(store.targets[0].value) is not ast.Name or type(store.targets[0].slice) is not ast.Name \
            or store.targets[0].slice.id != factory.args.args[0].arg or type(store.value) is not ast.Name \
            or store.value.id != fn or type(returned) is not ast.Return or type(returned.value) is not ast.Name \
            or returned.value.id != fn:
        return None
    return store.targets[0].value.id


def _enclosing_def(reach, node: ast.AST) -> ast.AST | None:
    current = reach.parents.get(id(node))
    while current is not None and type(current) not in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda):
        current = reach.parents.get(id(current))
    while current is not None and reach.parents.get(id(current)) is not reach.tree and type(current) is not ast.Module:
        outer = reach.parents.get(id(current))
        if outer is None or type(outer) is ast.Module:
            break
        current = outer
    return current
