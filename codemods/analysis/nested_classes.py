"""What a class body binds that is not a plain def (issue 13). A class defined in another class's body: `class Trainer: class Ops: @staticmethod
def grad_sync(g): ...`, its bodies reached as `Trainer.Ops.grad_sync` or, inside a method of
Trainer, `self.Ops.grad_sync`.

`Outer.Inner` is that class only when Outer is a module class, its body binds Inner once (the
class statement, nothing else), no code sets an attribute named Inner, and no class of the module
derives from Outer (whose `self` may hold another Inner) or names Inner among its bases.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, nodes_of_type, positional_params
from codemods.analysis.object_methods import class_bindings
from codemods.analysis.scopes import ModuleScope, bindings_of, method_kind
from codemods.analysis.syntax import small_targets


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
    bindings = class_bindings(outer)  # read once per class: a test class has hundreds of members
    if len(inner) != 1 or name in bindings.values or name in bindings.functions:
        return None
    if any(type(base) is ast.Attribute and base.attr == name or type(base) is ast.Name and base.id == name
           for cls in nodes_of_type(scope.tree, ast.ClassDef) for base in cls.bases):
        return None  # a class derives from it: its methods may be overridden there
    return inner[0]


def static_function(scope: ModuleScope, cls: ast.ClassDef, assigned: list, attr: str):
    """The module function `cls`'s body binds as `attr = staticmethod(f)` (the one binding of attr
    there, never set elsewhere; f not bound by the class body itself), else None."""
    if len(assigned) != 1 or type(assigned[0]) is not ast.Assign or len(assigned[0].targets) != 1 \
            or type(assigned[0].targets[0]) is not ast.Name or attr in scope.stored_attributes:
        return None
    value = assigned[0].value
    if type(value) is not ast.Call or type(value.func) is not ast.Name or value.func.id != "staticmethod" \
            or scope.globals.binds("staticmethod") or len(value.args) != 1 or value.keywords \
            or type(value.args[0]) is not ast.Name or bindings_of(cls).binds(value.args[0].id):
        return None
    return scope.globals.unique_function(value.args[0].id)


def init_store(scope: ModuleScope, expr: ast.Attribute, scopes) -> tuple[ast.expr, tuple] | None:
    """(the value, the scopes it is in) of `self.attr` read in a plain method of a class nothing
    derives from, when the module stores `.attr` once: `self.attr = value` in that class's
    `__init__`, a call of a method of self (a factory of the body: `self._make_step(axis)`) or of
    a module function (`make_step("j")`), or a lambda (`lambda x: self._step(x)`)."""
    if type(expr.value) is not ast.Name or not scopes:
        return None
    method = scopes[-1]
    cls = scope.class_of(method)
    params = positional_params(method.args)
    if cls is None or scope.subclassed(cls) or method_kind(method) != "plain" or not params \
            or params[0].arg != expr.value.id:
        return None
    stores = [node for node in nodes_of_type(scope.tree, ast.Attribute)
              if node.attr == expr.attr and not isinstance(node.ctx, ast.Load)]
    inits = [member for member in cls.body if type(member) is ast.FunctionDef and member.name == "__init__"]
    if len(stores) != 1 or len(inits) != 1 or not positional_params(inits[0].args):
        return None
    receiver = positional_params(inits[0].args)[0].arg
    for stmt in inits[0].body:  # a statement of __init__ itself, not one in a branch or loop
        if type(stmt) is ast.Assign and len(stmt.targets) == 1 and stmt.targets[0] is stores[0] \
                and type(stores[0].value) is ast.Name and stores[0].value.id == receiver \
                and (_made_by_self(stmt.value, receiver) or (type(stmt.value) is ast.Lambda
                     or _made_by_module_function(scope, stmt.value, inits[0])) and not _stored_by_name(scope)):
            return stmt.value, (inits[0],)
    return None


def _stored_by_name(scope: ModuleScope) -> bool:
    """Code that may store an attribute without writing its name (`setattr`, `__dict__`, `vars`)."""
    return any(node.id in ("setattr", "vars") for node in nodes_of_type(scope.tree, ast.Name)) \
        or any(node.attr == "__dict__" for node in nodes_of_type(scope.tree, ast.Attribute))


def _made_by_self(value: ast.expr, receiver: str) -> bool:
    """`self._make_step(axis)`: a method of the object builds the body."""
    return type(value) is ast.Call and type(value.func) is ast.Attribute and type(value.func.value) is ast.Name \
        and value.func.value.id == receiver


def _made_by_module_function(scope: ModuleScope, value: ast.expr, init) -> bool:
    """`make_step("j")`: a module function builds the body (its closure, read by resolve_body)."""
    return type(value) is ast.Call and type(value.func) is ast.Name \
        and not scope.locals_of(init).binds(value.func.id) and scope.globals.unique_function(value.func.id) is not None


def property_alias(scope: ModuleScope, expr: ast.Attribute, scopes) -> tuple[ast.Attribute, ast.Attribute] | None:
    """`self.body` read in a plain method of a class nothing derives from, where `body` is the
    class's one binding of that name, a property whose whole body is `return self._step`: (the
    read spelled `self._step` where it is written, the property's own `self._step`, the reference)."""
    if type(expr.value) is not ast.Name or not scopes:
        return None
    method = scopes[-1]
    cls = scope.class_of(method)
    params = positional_params(method.args) if isinstance(method, DEFS) else []
    if cls is None or scope.subclassed(cls) or method_kind(method) != "plain" or not params \
            or params[0].arg != expr.value.id:
        return None
    bound = [member for member in cls.body if isinstance(member, DEFS) and member.name == expr.attr
             or not isinstance(member, DEFS) and expr.attr in small_targets(member)]
    if len(bound) != 1 or not isinstance(bound[0], DEFS) or method_kind(bound[0]) != "property" \
            or len(bound[0].body) != 1 or type(bound[0].body[0]) is not ast.Return:
        return None
    own = positional_params(bound[0].args)
    returned = bound[0].body[0].value
    if not own or type(returned) is not ast.Attribute or type(returned.value) is not ast.Name \
            or returned.value.id != own[0].arg:
        return None
    return ast.copy_location(ast.Attribute(value=expr.value, attr=returned.attr, ctx=ast.Load()), expr), returned
