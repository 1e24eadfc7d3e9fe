"""Facts about a whole module's names, read on Python's `ast` once per walk: how often each name
is bound, where each name (and attribute name) is read, a function's own nodes, and the function
a node stands in. mesh_reach.py and mesh_owner.py follow calls back to module code with them."""
from __future__ import annotations

import ast

from codemods.analysis.class_attributes import class_own_bindings
from codemods.analysis.nodes import nodes_of_type, stored_of_type


def function_of(node: ast.AST, parents) -> ast.FunctionDef | None:
    while node is not None and not isinstance(node, (ast.FunctionDef, ast.Module, ast.Lambda, ast.ClassDef)):
        node = parents.get(id(node))
    return node if isinstance(node, ast.FunctionDef) else None


def name_references(nodes) -> dict[str, list[ast.AST]]:
    """Every load of a name anywhere in the module (a local of the same name counts too: the
    answer is then only more often unknown)."""
    found: dict[str, list[ast.AST]] = {}
    for node in nodes:
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Store):
            found.setdefault(node.id, []).append(node)
        elif isinstance(node, ast.Attribute):  # keyed ".attr": every read or store of an attribute name
            found.setdefault("." + node.attr, []).append(node)
    return found

def module_binding_counts(tree: ast.Module, with_params: bool = False) -> dict[str, int]:
    """How often each name is bound anywhere in the module (a def, an assignment, an import, a
    global; a parameter too, `with_params`): a function rebound anywhere is not followed. A
    class body's own names (a field, a method) bind nothing of the module's and are left out."""
    counts: dict[str, int] = {}
    own = class_own_bindings(tree)
    # The nodes of the kinds that bind, from the module's index of nodes by type (an `ast.walk`
    # of the whole module before; the counts are the same, only read through `get`).
    kinds = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Name, ast.Import, ast.ImportFrom, ast.Global,
             ast.Nonlocal) + ((ast.arg,) if with_params else ())
    for kind in kinds:
        for node in stored_of_type(tree, ast.Name) if kind is ast.Name else nodes_of_type(tree, kind):
            names: list[str] = []
            if id(node) in own:
                continue
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names = [node.name]
            elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                names = [node.id]
            elif with_params and isinstance(node, ast.arg):
                names = [node.arg]
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [(alias.asname or alias.name).split(".")[0] for alias in node.names]
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                names = list(node.names)
            for name in names:
                counts[name] = counts.get(name, 0) + 1
    return counts


def in_false_branch(tree: ast.Module, node: ast.AST, parents) -> bool:
    """Whether the node stands in the body of an `if FLAG:` (or `if FLAG and ...:`) whose FLAG is
    a module name bound once in the whole module, parameters included, to a false literal
    (`EXPORT = False`): that code never runs."""
    flags = {stmt.targets[0].id: stmt.value.value for stmt in tree.body if isinstance(stmt, ast.Assign)
             and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
             and isinstance(stmt.value, ast.Constant) and not stmt.value.value}
    counts = None
    while flags and node is not None:
        parent = parents.get(id(node))
        if isinstance(parent, ast.If) and node in parent.body:
            tests = parent.test.values if isinstance(parent.test, ast.BoolOp) and isinstance(parent.test.op, ast.And) \
                else [parent.test]
            for test in tests:
                if isinstance(test, ast.Name) and test.id in flags:
                    counts = counts or module_binding_counts(tree, with_params=True)
                    if counts.get(test.id) == 1:
                        return True
        node = parent
    return False
