"""An object a module function returns as an item of a tuple that its callers unpack straight into
another function's parameters (`return rel, table` ... `main(*inputs())`): that item's reads are
the parameter's reads in the function it lands in, as if it had been passed there by name.

Certain only when the returning function is one def of the module, its name is read nowhere but
in such calls, each call is the one starred argument of a call of one module def without `*args`,
and that def never rebinds the parameter.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, module_parents, nodes_of_type, positional_params
from codemods.analysis.syntax import assigned_names


def landing_parameters(tree: ast.Module, read: ast.expr) -> list[tuple[ast.FunctionDef, str]] | None:
    """(function, parameter) for each place the item `read` is returned to, or None when not
    certain (see the module's note)."""
    parents = module_parents(tree)
    items = parents.get(id(read))
    if type(items) is not ast.Tuple or any(type(item) is ast.Starred for item in items.elts):
        return None
    ret = parents.get(id(items))
    if type(ret) is not ast.Return:
        return None
    function = parents.get(id(ret))
    while function is not None and not isinstance(function, DEFS + (ast.Lambda, ast.ClassDef)):
        function = parents.get(id(function))
    if not isinstance(function, DEFS) or parents.get(id(function)) is not tree:
        return None
    index = next(position for position, item in enumerate(items.elts) if item is read)
    defs = _module_defs(tree)
    if len(defs.get(function.name, ())) != 1:
        return None
    found = []
    for name in nodes_of_type(tree, ast.Name):
        if name.id != function.name:
            continue
        call = parents.get(id(name))
        starred = parents.get(id(call))
        outer = parents.get(id(starred))
        if not isinstance(name.ctx, ast.Load) or type(call) is not ast.Call or call.func is not name \
                or type(starred) is not ast.Starred or type(outer) is not ast.Call or outer.args != [starred] \
                or outer.keywords or type(outer.func) is not ast.Name or len(defs.get(outer.func.id, ())) != 1:
            return None
        target = defs[outer.func.id][0]
        params = positional_params(target.args)
        if target.args.vararg is not None or index >= len(params) or params[index].arg in assigned_names(target.body):
            return None
        found.append((target, params[index].arg))
    return found or None


def _module_defs(tree: ast.Module) -> dict[str, list]:
    """Module-level defs by name; a name bound any other way too is left out (unknown)."""
    defs: dict[str, list] = {}
    for stmt in tree.body:
        if isinstance(stmt, DEFS):
            defs.setdefault(stmt.name, []).append(stmt)
    for node in nodes_of_type(tree, ast.Name):
        if not isinstance(node.ctx, ast.Load) and node.id in defs:
            defs[node.id].append(None)  # rebound: more than one binding
    for kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
        for node in nodes_of_type(tree, kind):
            if node.name in defs and all(node is not stmt for stmt in tree.body):
                defs[node.name].append(None)  # a nested def of the same name
    return defs
