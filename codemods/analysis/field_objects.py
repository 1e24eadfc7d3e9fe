"""The class of the object a field holds, for a method called through it (issue 13):
`self.strategy.run(self.training_step, ...)` in a Trainer whose `__init__` sets
`self.strategy = STRATEGY_REGISTRY[name]()` (or `DDPStrategy()`).

When the module stores `.strategy` only there, in a statement of `__init__` itself, and the
value constructs one module class no other class extends, every Trainer holds an object of that
class there whenever a method of it runs; `self.strategy.run` is that class's `run`. A store
anywhere else (another class's field of that name too), a branch, or a class the construction
cannot name: unknown."""
from __future__ import annotations

import ast

from codemods.analysis.nodes import nodes_of_type, positional_params


def field_class(scope, expr: ast.expr, scopes) -> ast.ClassDef | None:
    """The class of `self.attr` read in a plain method (of a class nothing derives from) whose
    `__init__` alone stores the field, with a construction of one module class."""
    from codemods.analysis.body_resolution import constructed_class
    from codemods.analysis.scopes import method_kind

    if type(expr) is not ast.Attribute or type(expr.value) is not ast.Name or not scopes:
        return None
    method = scopes[-1]
    cls = scope.class_of(method)
    params = positional_params(method.args) if cls is not None else []
    if not params or params[0].arg != expr.value.id or method_kind(method) != "plain" or scope.subclassed(cls) \
            or any(type(node) is ast.Name and node.id == expr.value.id and type(node.ctx) is not ast.Load
                   for node in ast.walk(method)):
        return None
    stores = [node for node in nodes_of_type(scope.tree, ast.Attribute)
              if node.attr == expr.attr and not isinstance(node.ctx, ast.Load)]
    inits = [member for member in cls.body if type(member) is ast.FunctionDef and member.name == "__init__"]
    if len(stores) != 1 or len(inits) != 1 or not positional_params(inits[0].args) \
            or any(type(node) is ast.Name and node.id in ("setattr", "vars")  # `object.__setattr__(self, ...)` too
                   or type(node) is ast.Attribute and node.attr in ("__dict__", "__setattr__") for node in ast.walk(scope.tree)):
        return None
    receiver = positional_params(inits[0].args)[0].arg
    for stmt in inits[0].body:  # a statement of __init__ itself, not one in a branch or loop
        if type(stmt) is ast.Assign and len(stmt.targets) == 1 and stmt.targets[0] is stores[0] \
                and type(stores[0].value) is ast.Name and stores[0].value.id == receiver:
            return constructed_class(scope, stmt.value, (inits[0],))
    return None
