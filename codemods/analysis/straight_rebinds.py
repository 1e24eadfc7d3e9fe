"""Names a function binds more than once, read where the code shows which binding holds (issue 13):

    def main(x):
        layer = Norm(name="ln_f")
        layer = Norm.from_config(layer.get_config())
        forward = jax.shard_map(layer, ...)

A name read from the module's text had one value only when one statement bound it; here each
read is the value of the last binding before it. That holds when every binding of the name in
the function is a top-level `name = value` statement of its body (no loop, branch, `with` or
`try` binds it, nor a `+=`, `del`, `global`/`nonlocal`, import, def, parameter or comprehension
target), and the read runs in the function's own statements (not in a def or lambda nested in
them, which may run later): top-level statements run in order, so the last binding above the
read's statement is the one it sees. A read above every binding is left to the ordinary reading.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS
from codemods.analysis.values import UNKNOWN

_NESTED = DEFS + (ast.Lambda, ast.ClassDef)


class StraightRebinds:
    """Interpreter hook (the Interpreter supplies eval and the frames)."""

    def eval_Name(self, expr: ast.Name, frame):
        found = self._straight_binding(expr, frame) if type(expr.ctx) is ast.Load else None
        if found is None:
            return super().eval_Name(expr, frame)
        stmt, static = found
        cache = self.__dict__.setdefault("_straight_values", {})
        key = (id(stmt), id(static) if static.vars else 0, tuple(map(id, static.static_scopes)))
        if key not in cache:
            cache[key] = UNKNOWN  # (read through itself while it is evaluated: unknown)
            cache[key] = self.eval(stmt.value, static)
        return cache[key]

    def _straight_binding(self, expr: ast.Name, frame):
        """(the binding statement a read sees, the static frame to evaluate it in), or None."""
        current = frame
        while current is not None and current.static_scopes is None:
            if expr.id in current.vars or expr.id in current.local_names:
                return None  # a run's own name
            current = current.parent
        if current is None or not current.static_scopes or current.opaque or expr.id in current.vars:
            return None
        function = current.static_scopes[-1]
        if not isinstance(function, DEFS) or len(_top_bindings(function).get(expr.id, ())) < 2:
            return None
        plan = _plan(function)
        bindings = plan[0].get(expr.id)
        at = plan[1].get(id(expr)) if bindings else None
        if at is None:
            return None
        before = [stmt for index, stmt in bindings if index < at]
        return (before[-1], current) if before else None


def _top_bindings(function) -> dict[str, list]:
    """{name: [(index, statement)]} of the function's top-level `name = value` statements."""
    cached = function.__dict__.get("_shardfix_top_bindings")
    if cached is None:
        cached = {}
        for index, stmt in enumerate(function.body):
            target = stmt.targets[0] if type(stmt) is ast.Assign and len(stmt.targets) == 1 \
                else stmt.target if type(stmt) is ast.AnnAssign and stmt.value is not None else None
            if type(target) is ast.Name:
                cached.setdefault(target.id, []).append((index, stmt))
        function._shardfix_top_bindings = cached
    return cached


def _plan(function) -> tuple[dict, dict]:
    """({name: [(index, statement)]} for names bound only by two or more top-level `name = v`
    statements, {id of a node run in the function's own statements: its top-level index})."""
    cached = function.__dict__.get("_shardfix_straight")
    if cached is not None:
        return cached
    stores: dict[str, int] = {}
    other: set[str] = {arg.arg for arg in ast.walk(function.args) if type(arg) is ast.arg}
    positions: dict[int, int] = {}
    for index, stmt in enumerate(function.body):
        pending: list[ast.AST] = [stmt]
        while pending:
            node = pending.pop()
            positions[id(node)] = index
            kind = type(node)
            if kind is ast.Name and type(node.ctx) is not ast.Load:
                if type(node.ctx) is ast.Store:
                    stores[node.id] = stores.get(node.id, 0) + 1
                else:
                    other.add(node.id)
            elif kind in (ast.Global, ast.Nonlocal):
                other.update(node.names)
            elif kind in (ast.Import, ast.ImportFrom):
                other.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
            if isinstance(node, _NESTED):
                if kind is not ast.Lambda:
                    other.add(node.name)
                other.update(name for inner in ast.walk(node) if type(inner) in (ast.Global, ast.Nonlocal)
                             for name in inner.names)
                continue  # its body runs when it is called
            pending.extend(ast.iter_child_nodes(node))
    kept = {name: found for name, found in _top_bindings(function).items()
            if len(found) >= 2 and len(found) == stores.get(name) and name not in other}
    function._shardfix_straight = (kept, positions if kept else {})
    return function._shardfix_straight
