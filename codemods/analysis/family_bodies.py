"""A base class's method that hands shard_map a method of `self` its subclass defines (issue 13):

    class MeshOp:
        def __call__(self, *args):
            return jax.shard_map(self.body, mesh=self.mesh, in_specs=..., out_specs=...)(*args)

    class DegreeNormaliser(MeshOp):
        def body(self, adjacency): ...

`self` there is an object of the class or of any module class deriving from it (a Family,
class_families.py), whose `body` differs between them. When the module constructs objects of
exactly one member of that family (every other member is never constructed; the constructions of
each are all known, classes._constructions) and that member reaches this very method, every
`self` the method sees is an object of that member: the body is the member's plain method, bound
to an object of it whose fields are those every construction of it agrees on (Instance without
fields, classes._agreed_field). Not when code reads the method through a class of the family
(`MeshOp.__call__(other, x)` may hand it any object).
"""
from __future__ import annotations

import ast
from dataclasses import replace
from typing import TYPE_CHECKING

from codemods.analysis.class_families import family_members
from codemods.analysis.nodes import DEFS, positional_params
from codemods.analysis.object_methods import class_method
from codemods.analysis.scopes import method_kind
from codemods.analysis.syntax import assigned_names
from codemods.analysis.values import Instance

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Interpreter
    from codemods.analysis.shardmap import ShardMapUse


def member_method(interp: Interpreter, use: ShardMapUse) -> ShardMapUse:
    written = use.written_body
    method = use.call_scopes[-1] if use.call_scopes else None
    if use.chain or use.decorated or use.body is not None or type(written) is not ast.Attribute \
            or type(written.value) is not ast.Name or not isinstance(method, DEFS) or method_kind(method) != "plain":
        return use
    cls = interp.scope.class_of(method)
    params = positional_params(method.args)
    if cls is None or not params or params[0].arg != written.value.id or written.value.id in assigned_names(method.body) \
            or not interp.scope.subclassed(cls):
        return use
    members = family_members(interp.scope, cls)
    if members is None:
        return use
    built = []
    for member in members:
        constructions = interp._constructions(member)
        if constructions is None:
            return use  # the class is used other than by calls that build it: objects of it may exist
        if constructions:
            built.append(member)
    if len(built) != 1 or class_method(interp.scope, built[0], method.name) is not method \
            or interp.scope.subclassed(built[0]) or _called_unbound(interp.scope, members, method.name):
        return use
    body = class_method(interp.scope, built[0], written.attr)
    if not isinstance(body, ast.FunctionDef) or body.decorator_list or method_kind(body) != "plain":
        return use
    return replace(use, body=body, body_scopes=(), body_ref=written, bound_values=((Instance(built[0]),), ()))


def _called_unbound(scope, members: list[ast.ClassDef], name: str) -> bool:
    """`MeshOp.__call__(other, x)`: the method read through a class of the family, which may be
    handed any object as `self`."""
    names = {member.name for member in members}
    return any(type(node) is ast.Attribute and node.attr == name and type(node.value) is ast.Name
               and node.value.id in names for node in ast.walk(scope.tree))
