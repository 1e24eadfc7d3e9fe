"""A module-level name bound more than once (a notebook cell that resets `axes`, a config
override after the defaults): the value every function of the module reads is the last binding,
when nothing can have read the name, or run a function of the module, before that binding ran.

Certain only under these conditions (else the name stays unknown):
- every binding of the name is a plain `name = value` statement at the module's top level (not
  in an `if`, loop, `try` or `with`, no augmented assignment, import, def, `del` or loop target);
- no top-level statement before the last binding reads the name (outside the bodies of defs), so
  no module-level value was computed from an earlier binding;
- no top-level statement before the last binding mentions a function of the module, a class of
  the module, a lambda, or a module value built from one of those (the only ways code of the
  module, a shard_map body among it, can run before the last binding).
`global` rebinding from functions is handled by the caller (the name is volatile).
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS

_NESTED = DEFS + (ast.Lambda,)


def _loads(node: ast.AST, into_lambdas: bool) -> list[str]:
    """Names read by `node`, outside nested def bodies (lambda bodies too unless `into_lambdas`);
    a def's or class's decorators, defaults and bases are read where it is written."""
    found: list[str] = []
    stack: list[ast.AST] = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, DEFS):
            stack.extend(current.decorator_list)
            stack.extend(current.args.defaults + [d for d in current.args.kw_defaults if d is not None])
            continue
        if isinstance(current, ast.Lambda) and not into_lambdas:
            stack.extend(current.args.defaults + [d for d in current.args.kw_defaults if d is not None])
            continue
        if type(current) is ast.Name and isinstance(current.ctx, ast.Load):
            found.append(current.id)
        stack.extend(ast.iter_child_nodes(current))
    return found


def _has_lambda(node: ast.AST) -> bool:
    return any(isinstance(inner, ast.Lambda) for inner in ast.walk(node))


def _module_bound(tree: ast.Module) -> dict[str, list[ast.AST]]:
    """Every name a statement at module scope binds (however nested in if/try/for/with), with
    the statements binding it."""
    found: dict[str, list[ast.AST]] = {}
    stack: list[ast.AST] = list(tree.body)
    while stack:
        stmt = stack.pop()
        if isinstance(stmt, DEFS + (ast.ClassDef,)):
            found.setdefault(stmt.name, []).append(stmt)
            continue
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            for alias in stmt.names:
                found.setdefault((alias.asname or alias.name).split(".")[0], []).append(stmt)
            continue
        for node in ast.walk(stmt):
            if type(node) is ast.Name and isinstance(node.ctx, (ast.Store, ast.Del)):
                found.setdefault(node.id, []).append(stmt)
            elif isinstance(node, ast.excepthandler) and node.name:
                found.setdefault(node.name, []).append(stmt)
            elif isinstance(node, DEFS + (ast.ClassDef,)) and node is not stmt:
                found.setdefault(node.name, []).append(stmt)
    return found


def _callables(tree: ast.Module, bound: dict[str, list[ast.AST]]) -> set[str]:
    """Module names that may hold code of the module: its defs and classes, and names bound from
    a lambda or from an expression mentioning one of those (`fn = jax.shard_map(body, ...)`)."""
    names = {name for name, stmts in bound.items() if any(isinstance(s, DEFS + (ast.ClassDef,)) for s in stmts)}
    reads: dict[str, set[str]] = {}
    for name, stmts in bound.items():
        if name in names or any(isinstance(s, (ast.Import, ast.ImportFrom)) for s in stmts):
            continue
        if any(_has_lambda(s) for s in stmts):
            names.add(name)
        else:
            reads[name] = {read for s in stmts for read in _loads(s, True)}
    changed = True
    while changed:
        changed = False
        for name, read in reads.items():
            if name not in names and read & names:
                names.add(name)
                changed = True
    return names


def last_binding(tree: ast.Module, name: str) -> ast.expr | None:
    """The value of the last of several top-level `name = value` statements, when every read of
    `name` by code of the module sees that one (module docstring); else None."""
    cache = tree.__dict__.setdefault("_shardfix_last_binding", {})
    if name not in cache:
        cache[name] = _last_binding(tree, name)
    return cache[name]


def _last_binding(tree: ast.Module, name: str) -> ast.expr | None:
    if "_shardfix_module_bound" not in tree.__dict__:  # once per module, for every name asked
        tree._shardfix_module_bound = _module_bound(tree)
    bound = tree._shardfix_module_bound
    stmts = bound.get(name, [])
    if len(stmts) < 2 or any(stmt not in tree.body or not _plain(stmt, name) for stmt in stmts):
        return None
    last = max(stmts, key=tree.body.index)
    if "_shardfix_callables" not in tree.__dict__:
        tree._shardfix_callables = _callables(tree, bound)
    callables = tree._shardfix_callables
    for stmt in tree.body[: tree.body.index(last)]:
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            continue
        read = set(_loads(stmt, True))
        if name in read:
            return None
        if read & callables or _has_lambda(stmt) and not isinstance(stmt, DEFS):
            return None
    return last.value


def _plain(stmt: ast.AST, name: str) -> bool:
    if type(stmt) is ast.Assign:
        return len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name and stmt.targets[0].id == name
    return type(stmt) is ast.AnnAssign and type(stmt.target) is ast.Name and stmt.value is not None
