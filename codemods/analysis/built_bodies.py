"""A bound method of an object a builder makes, as the body: `solver = build(solver_config())`
with a hand-written Fiddle-like `build`, then `jax.shard_map(solver.price, ...)`. Which class the
builder constructs is known only by running it, so the shard_map search (which reads the text)
leaves the body open and the interpreter settles it: when the receiver evaluates, where the call
is written, to an object of a module class the analysis built (its class exact, as constructed),
the body is that class's plain method as Python finds it, bound to the object.

The object itself as the body (`loss = LOSSES[cfg["loss"]](axis)`, `jax.shard_map(loss, ...)`,
with a key only a run computes) is read the same way: its class's `__call__`, bound to it. So is
a module function an object keeps in a field (`Runner(body)` storing `self.fn`, then
`jax.shard_map(self.fn, ...)` in a method) when every construction stores the same one, and a
`functools.partial` of a module function its __init__ stores (`self.weight_loader =
partial(load_zero_points, self, shard_axis=shard_axis)`), run with the values the partial holds."""
from __future__ import annotations

import ast
from dataclasses import replace
from typing import TYPE_CHECKING

from codemods.analysis.chain_arguments import argument_for
from codemods.analysis.class_families import Family
from codemods.analysis.family_bodies import member_method
from codemods.analysis.nodes import Arg, nodes_of_type
from codemods.analysis.object_methods import class_method
from codemods.analysis.scopes import method_kind
from codemods.analysis.values import Function, Instance, Partial

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Interpreter
    from codemods.analysis.shardmap import ShardMapUse


def method_of_built(interp: Interpreter, use: ShardMapUse) -> ShardMapUse:
    written = use.written_body
    if len(use.chain) == 1 and not use.decorated and use.body is None:
        return _handed_method(interp, use)
    if use.chain or use.decorated:
        return use
    split = _receiver_and_attr(written)  # `solver.price`; `loss`, an object called as the body
    if split is None:
        return use
    receiver, attr = split
    built = _read_quietly(interp, receiver, use.call_scopes)
    if isinstance(built, Instance) and not built.building and type(written) is ast.Attribute:
        stored = _stored_function(interp, use, written, built)
        if stored is not None:
            return stored
    if isinstance(built, Family):
        return member_method(interp, use)  # `self.body` in a base class's method (family_bodies.py)
    return _bound_method(interp, use, built, receiver, attr, written)


def _handed_method(interp: Interpreter, use: ShardMapUse) -> ShardMapUse:
    """`shard_module(opt.step, mesh, ...)`, the wrapper handing its parameter to shard_map: the
    method of the object the receiver evaluates to where the wrapper is called (`opt =
    create_optimizer_v2("sgdw", ...)`, which builds from a table only a run reads), bound to it,
    as a receiver whose class the text shows is read (shardmap._forwarded_through)."""
    call, function, _, receiver = use.chain[0]
    param = use.inner_body
    given = argument_for(call, function, param.id, skip=receiver is not None) if type(param) is ast.Name else None
    split = _receiver_and_attr(given)  # `shard_module(model, mesh, ...)`: the object called
    if split is None:
        return use
    receiver, attr = split
    return _bound_method(interp, use, _read_quietly(interp, receiver, use.outer_scopes), receiver, attr, given)


def _bound_method(interp: Interpreter, use: ShardMapUse, built, receiver: ast.Name, attr: str,
                  ref: ast.expr) -> ShardMapUse:
    """The body: the plain method `attr` of the object `built` (complete), bound to `receiver`."""
    if not isinstance(built, Instance) or built.building or built.fields is None:
        return use
    method = class_method(interp.scope, built.cls, attr)
    if not isinstance(method, ast.FunctionDef) or method.decorator_list or method_kind(method) != "plain":
        return use
    return replace(use, body=method, body_scopes=(), body_ref=ref, bound_args=(Arg(receiver),))


def _receiver_and_attr(written: ast.expr | None) -> tuple[ast.Name, str] | None:
    """`obj.method` as (obj, "method"); a bare name as the object called (`__call__`)."""
    if type(written) is ast.Attribute and type(written.value) is ast.Name:
        return written.value, written.attr
    if type(written) is ast.Name:
        return written, "__call__"
    return None


def _read_quietly(interp: Interpreter, node: ast.expr, scopes):
    """The value of `node` where the use is written, read for the object's class only: reading
    it must report nothing."""
    interp.silent += 1
    try:
        return interp.eval(node, interp._static_frame(scopes))
    finally:
        interp.silent -= 1


def _stored_function(interp: Interpreter, use: ShardMapUse, written: ast.Attribute, built: Instance):
    """`jax.shard_map(self.fn, ...)` of a field every construction of the class fills with one
    module function (`Runner(body)`), read nowhere else: that function is the body, and the
    constructions' arguments naming it are references this use analyses (they hand it only to
    this read). A field every construction fills with one object of a module class
    (`Trainer(Loss("j"))`), read nowhere else, is the body by that object's `__call__`."""
    value = _read_quietly(interp, written, use.call_scopes)
    if isinstance(value, Partial) and not isinstance(value.func, Partial):
        return _stored_partial(interp, use, written, built, value)
    if isinstance(value, Instance) and not value.building and value.fields is not None \
            and interp._attribute_loads().get(written.attr) == [written]:
        method = class_method(interp.scope, value.cls, "__call__")  # `Trainer(Loss("j"))`, `self.loss` as the body
        if type(method) is ast.FunctionDef and not method.decorator_list and method_kind(method) == "plain":
            return replace(use, body=method, body_scopes=(), body_ref=written, bound_values=((value,), ()))
    if not isinstance(value, Function) or value.closure is not interp.module_frame \
            or type(value.node) is not ast.FunctionDef \
            or interp.scope.globals.unique_function(value.node.name) is not value.node \
            or interp._attribute_loads().get(written.attr) != [written]:
        return None
    parents = interp._parent_map()
    refs = [node for node in nodes_of_type(interp.scope.tree, ast.Name)
            if node.id == value.node.name and isinstance(node.ctx, ast.Load)]
    if not refs or len(refs) != interp.scope.module_references(value.node.name) \
            or any(interp._field_of(ref, parents) != written.attr or _constructed(ref, parents) is not built.cls.name
                   for ref in refs):
        return None  # the function is handed somewhere else too
    interp.analysed_refs.setdefault(id(value.node), set()).update(id(ref) for ref in refs)
    return replace(use, body=value.node, body_scopes=())


def _constructed(ref: ast.Name, parents: dict) -> str | None:
    holder = parents.get(id(ref))
    call = parents.get(id(holder)) if type(holder) is ast.keyword else holder
    return call.func.id if type(call) is ast.Call and type(call.func) is ast.Name else None


def _stored_partial(interp: Interpreter, use: ShardMapUse, written: ast.Attribute, built: Instance, value: Partial):
    """`jax.shard_map(param.weight_loader, ...)` of a field __init__ sets to `partial(f, ...)` of a
    module function f named nowhere else, the field read nowhere else: f is the body, bound to the
    values this object's partial holds."""
    func = value.func
    if not isinstance(func, Function) or func.closure is not interp.module_frame or type(func.node) is not ast.FunctionDef \
            or interp.scope.globals.unique_function(func.node.name) is not func.node \
            or interp._attribute_loads().get(written.attr) != [written] \
            or interp.scope.module_references(func.node.name) != 1:
        return None
    facts = interp.class_facts(built.cls)
    stored = facts.stores.get(written.attr) if facts.init is not None else None
    if type(stored) is not ast.Call or not stored.args or type(stored.args[0]) is not ast.Name \
            or stored.args[0].id != func.node.name:
        return None  # the one reference is this partial, stored by __init__ at its top level
    interp.analysed_refs.setdefault(id(func.node), set()).add(id(stored.args[0]))
    return replace(use, body=func.node, body_scopes=(), bound_values=(value.args, value.keywords))
