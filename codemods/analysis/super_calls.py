"""`super().on_step(x)` in a method (issue 13): a subclass extending its base's method.

Python's zero-argument `super()` in a def written in class C's body starts the search for the
attribute after C in the MRO of the receiver's class. When the receiver is an object whose class
the analysis knows exactly and the module's classes give that MRO (mro.py), the method found
there is called bound to the same object; anything else is left to the ordinary reading
(unknown).
"""
from __future__ import annotations

import ast

from codemods.analysis.mro import linearization
from codemods.analysis.nodes import DEFS, positional_params
from codemods.analysis.object_methods import class_bindings
from codemods.analysis.scopes import method_kind
from codemods.analysis.syntax import assigned_names
from codemods.analysis.values import ClassValue, Function, Instance, Partial


def is_super_call(expr: ast.expr) -> bool:
    return type(expr) is ast.Call and type(expr.func) is ast.Name and expr.func.id == "super" \
        and not expr.args and not expr.keywords


def super_method(interp, attribute: ast.Attribute, frame) -> Partial | None:
    """The method `super().<attr>` names, bound to the receiver; None when not known."""
    method = frame.function
    scope = interp.scope
    kind = method_kind(method) if isinstance(method, ast.FunctionDef) else None
    if kind not in ("plain", "class") or scope.globals.binds("super") or "super" in scope.imports.bindings:
        return None  # (a classmethod's `super()` searches after its class in the MRO of `cls`)
    owner = scope.class_of(method)
    params = positional_params(method.args)
    if owner is None or not any(stmt is method for stmt in owner.body) or not params \
            or params[0].arg in assigned_names(method.body):
        return None
    receiver = frame.vars.get(params[0].arg)
    if not (isinstance(receiver, Instance) and not receiver.building if kind == "plain" else type(receiver) is ClassValue):
        return None
    order = linearization(scope.classes, receiver.cls)
    if order is None or owner not in order:
        return None
    for cls in order[order.index(owner) + 1:]:
        bindings = class_bindings(cls)
        if not bindings.binds(attribute.attr):
            continue
        found = bindings.unique_function(attribute.attr)
        if not isinstance(found, DEFS) or method_kind(found) != kind or len(found.decorator_list) != (kind == "class"):
            return None
        interp.analysed_refs.setdefault(id(found), set()).add(id(attribute))
        # the reference can never reach the def it is written in, nor any def before its class
        interp.analysed_refs.setdefault(id(method), set()).add(id(attribute))
        return Partial(Function(found, interp.module_frame), (receiver,), (), (cls,))
    return None
