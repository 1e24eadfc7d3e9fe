"""An object built only to read one property that hands back a dict it holds (issue 13).

`ScaleNormalizer.from_config(ScaleNormalizer(sync_axes=axes).config)` (a config round trip)
builds an object whose only use is `.config`, a property returning `self._internal_dict`: the
object itself is dropped there and never called. The field must only ever be stored a dict made
on the spot (`FrozenDict(internal)`, `dict(...)`, a dict literal), which cannot be the object.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import nodes_of_type, positional_params
from codemods.analysis.object_methods import class_chain, class_method
from codemods.analysis.scopes import method_kind


def read_and_dropped(scope, call: ast.Call, parent: ast.AST | None, cls: ast.ClassDef) -> bool:
    """`Cls(...).prop` where `prop` returns a field only ever holding a fresh dict."""
    if type(parent) is not ast.Attribute or parent.value is not call or not isinstance(parent.ctx, ast.Load):
        return False
    chain = class_chain(scope, cls)
    prop = class_method(scope, cls, parent.attr)
    if chain is None or prop is None or type(prop) is not ast.FunctionDef or method_kind(prop) != "property" \
            or any(type(member) is ast.FunctionDef and member.name in ("__getattribute__", "__getattr__")
                   for klass in chain for member in klass.body):
        return False
    body = prop.body[1:] if prop.body and type(prop.body[0]) is ast.Expr \
        and type(prop.body[0].value) is ast.Constant else prop.body
    params = positional_params(prop.args)
    if len(body) != 1 or type(body[0]) is not ast.Return or type(body[0].value) is not ast.Attribute \
            or type(body[0].value.value) is not ast.Name or not params or body[0].value.value.id != params[0].arg:
        return False
    field = body[0].value.attr
    own = {klass.name for klass in chain}
    stores = [node for node in nodes_of_type(scope.tree, ast.Assign) if any(
        type(target) is ast.Attribute and target.attr == field for target in node.targets)]
    return bool(stores) and all(_fresh_dict(scope, node.value, own) for node in stores) and not any(
        type(node) in (ast.AugAssign, ast.AnnAssign) and type(node.target) is ast.Attribute and node.target.attr == field
        for node in ast.walk(scope.tree))


def _fresh_dict(scope, value: ast.expr, own: set[str]) -> bool:
    if any(type(node) is ast.Name and node.id == "self" for node in ast.walk(value)):
        return False  # `dict(owner=self)` would hand the object on
    if type(value) in (ast.Dict, ast.DictComp):
        return True
    if type(value) is not ast.Call or type(value.func) is not ast.Name or value.func.id in own:
        return False
    if value.func.id == "dict":
        return not scope.globals.binds("dict") and "dict" not in scope.imports.bindings
    made = scope.classes.get(value.func.id)
    return made is not None and len(made.bases) == 1 and type(made.bases[0]) is ast.Name and made.bases[0].id == "dict" \
        and not any(type(member) is ast.FunctionDef and member.name in ("__new__", "__init__") for member in made.body)
