"""`auto=` of the experimental shard_map -> `axis_names=` of `jax.shard_map`.

The old call made every mesh axis manual except those in `auto`; `jax.shard_map` names the
manual axes instead. Checked on jax 0.10.2: the experimental wrapper no longer accepts `auto`
(TypeError), and `jax.shard_map(..., axis_names={'i'})` on a ('i', 'j') mesh is the old
`auto=frozenset({'j'})`. An empty `axis_names` means *every* axis is manual, so a call whose
`auto` covers the whole mesh is never rewritten.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import iter_with_scopes
from codemods.analysis.scopes import ModuleScope
from codemods.analysis.meshspec import parse_mesh
from codemods.context import FileContext, Node

_SET_BUILDERS = {"frozenset", "set", "tuple", "list"}


def _ast_calls(ctx: FileContext) -> dict[int, tuple[ast.Call, tuple]]:
    def compute():
        return {ctx.offsets(node)[0]: (node, scopes) for node, scopes in iter_with_scopes(ctx.tree)
                if isinstance(node, ast.Call)}
    return ctx.cached("manual-axes:calls", compute)


def _scope(ctx: FileContext) -> ModuleScope:
    return ctx.cached("manual-axes:scope", lambda: ModuleScope(ctx.tree, ctx.imports))


def _axis_set(scope: ModuleScope, expr: ast.expr, scopes: tuple, depth: int = 0) -> frozenset[str] | None:
    """The axis names a literal (or a name bound once to one) spells: `frozenset({'j'})`, `{'j'}`,
    `('j',)`, `'j'`."""
    if depth > 8:
        return None
    if isinstance(expr, ast.Name):
        bound, outer = scope.lookup_value(expr.id, scopes)
        return _axis_set(scope, bound, outer, depth + 1) if bound is not None else None
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return frozenset({expr.value})
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id in _SET_BUILDERS \
            and not expr.keywords and len(expr.args) <= 1 and expr.func.id not in scope.globals.other:
        return _axis_set(scope, expr.args[0], scopes, depth + 1) if expr.args else frozenset()
    if isinstance(expr, (ast.Set, ast.Tuple, ast.List)):
        items = [e.value for e in expr.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        return frozenset(items) if len(items) == len(expr.elts) else None
    return None


def axis_names_text(ctx: FileContext, call: Node, mesh: Node, auto: Node, quote: str) -> str | None:
    """Source text of the `axis_names` value replacing `auto` in `call` (LibCST nodes), or None
    when no rewrite is certain."""
    found = _ast_calls(ctx).get(ctx.offsets(call)[0])
    if found is None:
        return None
    node, scopes = found
    scope = _scope(ctx)
    mesh_expr = next((a.value if isinstance(a, ast.keyword) else a for a in [*node.args, *node.keywords]
                      if ctx.offsets(a.value if isinstance(a, ast.keyword) else a) == ctx.offsets(mesh)), None)
    auto_expr = next((a.value if isinstance(a, ast.keyword) else a for a in [*node.args, *node.keywords]
                      if ctx.offsets(a.value if isinstance(a, ast.keyword) else a) == ctx.offsets(auto)), None)
    if mesh_expr is None or auto_expr is None:
        return None
    info = parse_mesh(scope, mesh_expr, scopes)
    axes = _axis_set(scope, auto_expr, scopes)
    if info is not None and axes is not None:
        manual = [axis for axis in info.axes if axis not in axes]
        if not manual:
            return None  # every axis automatic: `axis_names=set()` would make them all manual
        return "{" + ", ".join(f"{quote}{axis}{quote}" for axis in manual) + "}"
    if not isinstance(mesh_expr, (ast.Name, ast.Attribute)):
        return None  # written twice below: only a plain reference may be evaluated again
    auto_text = ctx.text(auto)
    if not (isinstance(auto_expr, ast.Call) and isinstance(auto_expr.func, ast.Name) and auto_expr.func.id == "frozenset"):
        auto_text = f"frozenset({auto_text})"
    return f"frozenset({ctx.text(mesh)}.axis_names) - {auto_text}"
