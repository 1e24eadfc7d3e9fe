"""What the SF2xx rules read of a module, each walked once per file and shared by all of them:
import statements, the expressions a change can be found at, parents, scopes and the names
bound by one plain assignment."""
from __future__ import annotations

import ast
from collections import deque
from typing import Iterator

from codemods.analysis.bindings import ast_dotted
from codemods.analysis.nodes import child_nodes
from codemods.context import FileContext


def root(node: ast.expr) -> ast.expr:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node


def import_statements(ctx: FileContext) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement, found once per file for all the SF2xx rules."""
    return ctx.cached("api-history:imports", lambda: list(imports_breadth_first(ctx.tree)))


def imports_breadth_first(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements in `ast.walk`'s order (breadth first), without entering
    expressions, which hold no statement."""
    queue = deque([tree])
    while queue:
        node = queue.popleft()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        queue.extend(child for child in child_nodes(node) if not isinstance(child, ast.expr))


def candidates(ctx: FileContext) -> list[ast.AST]:
    """The nodes of `expressions` a change can be found at, walked once per file for all the
    SF2xx rules (each rule used to walk the whole module again)."""
    return ctx.cached("api-history:candidates", lambda: [
        node for node in expressions(ctx.tree) if isinstance(node, (ast.Name, ast.Attribute, ast.Call, ast.With))])


def expressions(tree: ast.Module) -> Iterator[ast.AST]:
    """Every node outside import statements, outermost first; a dotted chain is yielded whole
    (its inner parts are not visited again)."""
    pending: list[ast.AST] = [tree]
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        yield node
        if isinstance(node, ast.Attribute) and ast_dotted(node) is not None:
            continue
        children = child_nodes(node)  # expression contexts and operators are never candidates
        children.reverse()
        pending.extend(children)


SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.Module)


def parents(ctx: FileContext) -> dict[int, ast.AST]:
    return ctx.cached("api-history:parents", lambda: {id(child): parent for parent in ast.walk(ctx.tree)
                                                      for child in ast.iter_child_nodes(parent)})


def scope_of(ctx: FileContext, target: ast.AST) -> ast.AST:
    parent_of = parents(ctx)
    node = target
    while not isinstance(node, SCOPES):
        node = parent_of[id(node)]
    return node


def single_assignments(tree: ast.Module) -> tuple[dict[tuple[int, str], ast.expr], set[tuple[int, str]]]:
    """(scope id, name) -> the value of the one plain assignment of that name in that scope;
    names bound any other way (parameters, loops, `with ... as`, augmented assignments, more than
    one assignment) are left out. Also every (scope id, name) bound in any way."""
    counts: dict[tuple[int, str], int] = {}
    values: dict[tuple[int, str], ast.expr] = {}

    def visit(scope: ast.AST, node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, SCOPES):
                for arg in ast.walk(child.args) if not isinstance(child, ast.Module) else ():
                    if isinstance(arg, ast.arg):
                        counts[(id(child), arg.arg)] = 2
                visit(child, child)
                continue
            if isinstance(child, ast.Name) and isinstance(child.ctx, (ast.Store, ast.Del)):
                key = (id(scope), child.id)
                counts[key] = counts.get(key, 0) + 1
            if isinstance(child, ast.Assign) and len(child.targets) == 1 and isinstance(child.targets[0], ast.Name):
                values[(id(scope), child.targets[0].id)] = child.value
            visit(scope, child)

    visit(tree, tree)
    return {key: value for key, value in values.items() if counts.get(key) == 1}, set(counts)


def assigned_value(ctx: FileContext, name: ast.Name) -> ast.expr | None:
    """The value of the one plain assignment of `name` in its function (or, when the function
    does not bind it, in the module)."""
    assigned, bound = ctx.cached("api-history:assignments", lambda: single_assignments(ctx.tree))
    scope = scope_of(ctx, name)
    if (id(scope), name.id) not in bound:  # not bound in the function: the module's name
        scope = ctx.tree
    return assigned.get((id(scope), name.id))
