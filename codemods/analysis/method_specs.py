"""Specs a method of an object builds (issue 13): a t5x- or Praxis-like partitioner maps logical
names to mesh axes through its own rule table (`part.logical_spec("embed", "mlp")`,
`self.logical_spec(*in_logical)` inside another of its methods). The receiver must be an object
of a module class the analysis built (its fields known), the method a plain def of that class
(found as Python finds it, no decorator); it is then read like a module helper (helper_specs.py)
with the object bound to its first parameter."""
from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from codemods.analysis.meshspec import SpecTree
from codemods.analysis.nodes import positional_params
from codemods.analysis.object_methods import class_method
from codemods.analysis.scopes import method_kind
from codemods.analysis.values import Instance

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Interpreter


def method_spec(interp: Interpreter, call: ast.Call, scopes: tuple) -> SpecTree:
    from codemods.analysis.helper_specs import run_helper

    if any(kw.arg is None for kw in call.keywords):
        return None
    interp.silent += 1
    try:
        receiver = interp.eval(call.func.value, interp._static_frame(scopes))
    finally:
        interp.silent -= 1
    if not isinstance(receiver, Instance) or receiver.building \
            or interp.scope.subclassed(receiver.cls):
        return None
    method = class_method(interp.scope, receiver.cls, call.func.attr)
    if not isinstance(method, ast.FunctionDef) or method.decorator_list or method_kind(method) != "plain":
        return None
    return run_helper(interp, method, (), call, scopes, [receiver])


def property_spec(interp: Interpreter, read: ast.Attribute, scopes: tuple, dimensions):
    """(the spec, the property's returned `P(...)`) of `layouts.train` read on an object of a module
    class the analysis built, whose `train` is a `@property` (the builtin, as Python finds it)
    made of statements and one final `return P(...)`; else None. `dimensions` reads the P in the
    property's frame (interpreted_specs.py)."""
    from codemods.analysis.helper_specs import run_helper

    interp.silent += 1
    try:
        receiver = interp.eval(read.value, interp._static_frame(scopes))
    finally:
        interp.silent -= 1
    if not isinstance(receiver, Instance) or receiver.building or interp.scope.subclassed(receiver.cls):
        return None
    method = class_method(interp.scope, receiver.cls, read.attr)
    if not isinstance(method, ast.FunctionDef) or len(method.decorator_list) != 1 \
            or not isinstance(method.decorator_list[0], ast.Name) or method.decorator_list[0].id != "property" \
            or interp.scope.globals.binds("property") or "property" in interp.scope.imports.bindings \
            or len(positional_params(method.args)) != 1 or not isinstance(method.body[-1], ast.Return):
        return None
    fake = ast.Call(func=read, args=[], keywords=[])
    spec = run_helper(interp, method, (), fake, scopes, [receiver], dimensions)
    return (spec, method.body[-1].value) if spec is not None else None
