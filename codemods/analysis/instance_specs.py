"""A spec kept on the object that uses it (issue 13): `self.trial_spec = P(self.cand_axis, ...)`
in `__init__`, read as `in_specs=self.trial_spec` in a method of the same object.

Read only when the method's class is a module class no other class extends (a subclass could
set the field otherwise), the read is `self.<field>` with `self` the method's own first
parameter (a plain method, never rebound), and the field is set exactly once in the whole
module: by a statement of `__init__`'s own body that always runs (not under an `if`, a loop or
a `try`) with `self` as the target. The value is then parsed where `__init__` writes it, so the
names it reads are `__init__`'s (its parameters are known only as every construction agrees).
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, nodes_of_type, positional_params
from codemods.analysis.scopes import ModuleScope, method_kind


def init_field_spec(scope: ModuleScope, expr: ast.Attribute, scopes: tuple) -> tuple[ast.expr, tuple] | None:
    """(the expression `__init__` stores in the field `expr` reads, the scopes it is read in), or None."""
    method = scopes[-1] if scopes else None
    cls = scope.class_of(method) if method is not None else None
    if cls is None or scope.subclassed(cls) or method_kind(method) != "plain" or type(expr.value) is not ast.Name:
        return None
    params = positional_params(method.args)
    if not params or params[0].arg != expr.value.id or _rebinds(method, expr.value.id):
        return None
    stores = [node for node in nodes_of_type(scope.tree, ast.Attribute)
              if node.attr == expr.attr and not isinstance(node.ctx, ast.Load)]
    inits = [member for member in cls.body if isinstance(member, DEFS) and member.name == "__init__"]
    if len(stores) != 1 or len(inits) != 1 or method_kind(inits[0]) != "plain":
        return None
    if any(type(node.func) is ast.Name and node.func.id in ("setattr", "delattr", "vars")
           for node in nodes_of_type(scope.tree, ast.Call)) \
            or any(node.attr == "__dict__" for node in nodes_of_type(scope.tree, ast.Attribute)):
        return None  # a field may be set by name
    init = inits[0]
    receiver = positional_params(init.args)[0].arg if positional_params(init.args) else None
    for stmt in init.body:  # the statements that always run, in order, up to the store
        if type(stmt) is ast.Assign and len(stmt.targets) == 1 and stmt.targets[0] is stores[0] \
                and type(stores[0].value) is ast.Name and stores[0].value.id == receiver and not _rebinds(init, receiver):
            return stmt.value, scopes[:-1] + (init,)
        if any(type(node) in (ast.Return, ast.Raise) for node in ast.walk(stmt)):
            return None  # `__init__` may end before the store
    return None


def _rebinds(function, name: str) -> bool:
    return any(type(node) is ast.Name and node.id == name and not isinstance(node.ctx, ast.Load)
               for node in ast.walk(function))
