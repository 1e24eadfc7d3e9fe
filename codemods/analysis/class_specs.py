"""A spec kept as a class attribute (issue 13): `class cfg: DATA = "i"; BATCH_SPEC = P(DATA, "j")`
(a class used as a config namespace) read as `in_specs=cfg.BATCH_SPEC`.

The class body is a scope of its own: a name it binds before the attribute is read there, any
other name is the module's. Read only when the class binds the attribute once, no code of the
module sets an attribute of that name on any object, and every class name the value reads is
bound once, earlier in the body (a later binding is not visible where the value is built).
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import iter_nodes
from codemods.analysis.scopes import ModuleScope, bindings_of


def class_attribute_spec(scope: ModuleScope, class_name: str, attr: str) -> tuple[ast.expr, tuple] | None:
    """(the expression `class_name.attr` holds, the scopes to read its names in), or None."""
    cls = scope.classes.get(class_name)
    if cls is None or attr in scope.stored_attributes:
        return None
    bindings = bindings_of(cls)
    value = bindings.unique_value(attr)
    if value is None:
        return None
    for node in iter_nodes(value):
        if type(node) is ast.Name and bindings.binds(node.id):
            bound = bindings.unique_value(node.id)
            if bound is None or bound.lineno >= value.lineno or node.id in bindings.functions:
                return None
    return value, (cls,)
