"""What a class body binds that is not a plain def (issue 13). A class defined in another class's body: `class Trainer: class Ops: @staticmethod
def grad_sync(g): ...`, its bodies reached as `Trainer.Ops.grad_sync` or, inside a method of
Trainer, `self.Ops.grad_sync`.

`Outer.Inner` is that class only when Outer is a module class, its body binds Inner once (the
class statement, nothing else), no code sets an attribute named Inner, and no class of the module
derives from Outer (whose `self` may hold another Inner) or names Inner among its bases.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import nodes_of_type, positional_params
from codemods.analysis.scopes import ModuleScope, bindings_of, method_kind


def nested_class(scope: ModuleScope, expr: ast.expr, scopes) -> ast.ClassDef | None:
    """The class `expr` (`Outer.Inner`, `self.Inner`) names, or None."""
    if type(expr) is not ast.Attribute or type(expr.value) is not ast.Name:
        return None
    receiver = expr.value.id
    outer = None
    enclosing = scopes[-1] if scopes else None
    owner = scope.class_of(enclosing) if enclosing is not None else None
    params = positional_params(enclosing.args) if owner is not None else []
    if owner is not None and params and params[0].arg == receiver and method_kind(enclosing) in ("plain", "class"):
        outer = owner  # `self.Ops` / `cls.Ops` in a method of Outer
    elif not any(scope.locals_of(function).binds(receiver) for function in scopes):
        outer = scope.classes.get(receiver)
    return inner_class(scope, outer, expr.attr) if outer is not None else None


def inner_class(scope: ModuleScope, outer: ast.ClassDef, name: str) -> ast.ClassDef | None:
    """The class `outer`'s body defines as `name`, when that is what `outer.name` holds."""
    if scope.subclassed(outer) or name in scope.stored_attributes:
        return None
    inner = [stmt for stmt in outer.body if type(stmt) is ast.ClassDef and stmt.name == name]
    bindings = bindings_of(outer)
    if len(inner) != 1 or name in bindings.values or name in bindings.functions:
        return None
    if any(type(base) is ast.Attribute and base.attr == name or type(base) is ast.Name and base.id == name
           for cls in nodes_of_type(scope.tree, ast.ClassDef) for base in cls.bases):
        return None  # a class derives from it: its methods may be overridden there
    return inner[0]


def static_function(scope: ModuleScope, assigned: list, attr: str):
    """The module function a class body binds as `attr = staticmethod(f)` (the one binding of
    attr there, never set elsewhere), else None."""
    if len(assigned) != 1 or type(assigned[0]) is not ast.Assign or len(assigned[0].targets) != 1 \
            or type(assigned[0].targets[0]) is not ast.Name or attr in scope.stored_attributes:
        return None
    value = assigned[0].value
    if type(value) is not ast.Call or type(value.func) is not ast.Name or value.func.id != "staticmethod" \
            or scope.globals.binds("staticmethod") or len(value.args) != 1 or value.keywords \
            or type(value.args[0]) is not ast.Name:
        return None
    if any(type(stmt) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef) and stmt.name == value.args[0].id
           or type(stmt) is not ast.FunctionDef and value.args[0].id in _assigned(stmt)
           for cls in nodes_of_type(scope.tree, ast.ClassDef) for stmt in cls.body if assigned[0] in cls.body):
        return None  # the class body binds that name itself
    return scope.globals.unique_function(value.args[0].id)


def _assigned(stmt: ast.stmt) -> set[str]:
    return {node.id for node in ast.walk(stmt) if type(node) is ast.Name and not isinstance(node.ctx, ast.Load)}
