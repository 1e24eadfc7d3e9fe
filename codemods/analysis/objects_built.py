"""Objects a builder method makes (issue 13): Praxis-like `hp.instantiate()` on an HParams object
the module built, Fiddle- or Flax-like `Model.create(cfg)` classmethods returning `cls(...)`,
static factories. The class of the object is known when every return of the method constructs
one module class (`return FeedForward(self)`, `return cls(...)`) that no class extends; anything
else (a return of something else, a method the class chain does not settle) leaves it unknown.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, iter_nodes, positional_params
from codemods.analysis.object_methods import class_method
from codemods.analysis.scopes import ModuleScope, method_kind


def built_by_method(scope: ModuleScope, func: ast.Attribute, scopes, class_of_value) -> ast.ClassDef | None:
    """The class `recv.method(...)` constructs: `recv` a module class (a class or static method)
    or an object whose class `class_of_value(expr, scopes)` knows (a plain method)."""
    receiver = func.value
    owner, kinds = None, ()
    if type(receiver) is ast.Name and not any(scope.locals_of(function).binds(receiver.id) for function in scopes) \
            and receiver.id in scope.classes:
        owner, kinds = scope.classes[receiver.id], ("class", "static")
    elif type(receiver) is ast.Name:
        value, outer = scope.lookup_value(receiver.id, scopes)
        owner, kinds = class_of_value(value, outer), ("plain",)
    elif type(receiver) is ast.Call:
        owner, kinds = class_of_value(receiver, scopes), ("plain",)
    if owner is None or scope.subclassed(owner):
        return None
    method = class_method(scope, owner, func.attr)
    kind = method_kind(method) if isinstance(method, DEFS) else None
    if kind not in kinds or method.decorator_list and kind == "plain":
        return None
    first = positional_params(method.args)[0].arg if kind == "class" and positional_params(method.args) else None
    returns = [node.value for node in iter_nodes(method, prune=lambda n: n is not method and type(n) in DEFS + (ast.Lambda,))
               if type(node) is ast.Return]
    if not returns or not all(type(ret) is ast.Call and type(ret.func) is ast.Name for ret in returns):
        return None
    names = {ret.func.id for ret in returns}
    if len(names) != 1:
        return None
    name = names.pop()
    if name == first:
        return owner  # `return cls(...)`
    if method_binds(method, name) or name not in scope.classes:
        return None
    cls = scope.classes[name]
    return cls if not scope.subclassed(cls) else None


def method_binds(method: ast.AST, name: str) -> bool:
    return any(type(node) is ast.Name and node.id == name and type(node.ctx) is not ast.Load for node in ast.walk(method)) \
        or any(param.arg == name for param in ast.walk(method.args) if type(param) is ast.arg)
