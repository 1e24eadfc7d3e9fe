"""A module function handed to a class that keeps it in a field and calls it from its methods
(issue 13): HF's `Trainer(args, compute_loss, compute_metrics=compute_metrics)` storing
`self.compute_metrics = compute_metrics` and calling `self.compute_metrics(batch, self.mesh,
self.args)` in `train`. Those calls are the function's callers (callers.py), with the values
the trainer's fields hold there.

Only where the calls certainly run this function: every construction of the class passes it
for that parameter, its own __init__ reads the parameter once, to store it in the field; no
class of the module binds that name, nothing else stores an attribute of that name (nor may
change fields by name: setattr and the like), the class is not subclassed, and every read of
the attribute in the module is `self.<field>` in a method of the class, called or tested
(`if self.compute_metrics is not None`). Anything else: None (the callers are not known).
"""
from __future__ import annotations

import ast

from codemods.analysis.chain_arguments import argument_for
from codemods.analysis.class_flows import node_scopes, own_init
from codemods.analysis.field_changers import Everything
from codemods.analysis.nodes import DEFS, attributes_by_name, iter_nodes, module_parents, positional_params
from codemods.analysis.scopes import bindings_of, method_kind

Calls = list[tuple[ast.Call, tuple]]


def field_calls(interp, function: ast.FunctionDef, direct: Calls) -> Calls | None:
    """The `self.<field>(...)` calls that run `function`, for each of its references not among
    the `direct` calls by name; None when some reference goes elsewhere."""
    scope = interp.scope
    parents = module_parents(scope.tree)
    called = {id(call.func) for call, _ in direct}
    found: Calls = []
    fields: set[tuple[int, str]] = set()
    for ref in iter_nodes(scope.tree):
        if type(ref) is not ast.Name or ref.id != function.name or id(ref) in called:
            continue
        if any(scope.locals_of(each).binds(ref.id) for each in node_scopes(scope, ref) if isinstance(each, DEFS)):
            continue  # `self.compute_metrics = compute_metrics` of __init__'s own parameter
        held = _held_field(interp, function, ref, parents)
        if held is None:
            return None
        fields.add(held)
    for cls_id, field in fields:
        calls = _field_reads(interp, next(cls for cls in scope.classes.values() if id(cls) == cls_id), field, parents)
        if calls is None:
            return None
        found += calls
    return found if fields else None


def _held_field(interp, function: ast.FunctionDef, ref: ast.Name, parents) -> tuple[int, str] | None:
    """(id of the class, field) when `ref` hands `function` to a construction of a module class
    whose every construction hands it the same way."""
    scope = interp.scope
    holder = parents.get(id(ref))
    call = parents.get(id(holder)) if type(holder) is ast.keyword else holder
    if type(call) is not ast.Call or type(call.func) is not ast.Name or call.func is ref \
            or not (type(holder) is ast.keyword and holder.value is ref or ref in call.args):
        return None
    cls = scope.classes.get(call.func.id)
    if cls is None or scope.subclassed(cls) \
            or any(scope.locals_of(each).binds(cls.name) for each in node_scopes(scope, call) if isinstance(each, DEFS)):
        return None
    init = own_init(scope, cls)
    if init is None:
        return None
    params = positional_params(init.args)[1:]
    if type(holder) is ast.keyword:
        param = holder.arg
    else:
        index = call.args.index(ref)
        if any(type(arg) is ast.Starred for arg in call.args[:index + 1]) or index >= len(params):
            return None
        param = params[index].arg
    field = _stored_once(init, param)
    constructions = interp._constructions(cls)
    if field is None or not constructions or all(built is not call for built, _ in constructions):
        return None
    for built, scopes in constructions:  # each passes this very function
        given = argument_for(built, init, param, skip=1)
        if type(given) is not ast.Name or given.id != function.name \
                or scope.lookup_function(given.id, tuple(s for s in scopes if isinstance(s, DEFS)))[0] is not function:
            return None
    return id(cls), field


def _stored_once(init: ast.FunctionDef, param: str) -> str | None:
    """The field `self.<field> = <param>` when that is the parameter's one read in __init__."""
    receiver = positional_params(init.args)[0].arg if positional_params(init.args) else None
    reads = [node for node in iter_nodes(init) if type(node) is ast.Name and node.id == param]
    if receiver is None or len(reads) != 1 or type(reads[0].ctx) is not ast.Load:
        return None
    stores = [stmt for stmt in iter_nodes(init) if type(stmt) is ast.Assign and stmt.value is reads[0]]
    if len(stores) != 1 or len(stores[0].targets) != 1:
        return None
    target = stores[0].targets[0]
    if type(target) is not ast.Attribute or type(target.value) is not ast.Name or target.value.id != receiver:
        return None
    return target.attr


def _field_reads(interp, cls: ast.ClassDef, field: str, parents) -> Calls | None:
    scope = interp.scope
    if isinstance(interp._field_changers(), Everything) or any(bindings_of(other).binds(field)
                                                               for other in scope.classes.values()):
        return None
    calls: Calls = []
    stores = 0
    for node in attributes_by_name(scope.tree).get(field, ()):
        if type(node.ctx) is not ast.Load:
            stores += 1
            continue
        method = _method_of_self(scope, cls, node, parents)
        parent = parents.get(id(node))
        if method is None:
            return None
        if type(parent) is ast.Call and parent.func is node:
            calls.append((parent, node_scopes(scope, parent)))
        elif not _tested(node, parent):
            return None  # handed on, or read some other way
    return calls if stores == 1 else None


def _method_of_self(scope, cls: ast.ClassDef, node: ast.Attribute, parents) -> ast.FunctionDef | None:
    """The plain method of `cls` whose receiver `node` reads the attribute of (`self.field`)."""
    if type(node.value) is not ast.Name:
        return None
    function = parents.get(id(node))
    while function is not None and not isinstance(function, DEFS + (ast.Lambda, ast.ClassDef)):
        function = parents.get(id(function))
    if not isinstance(function, DEFS) or parents.get(id(function)) is not cls or method_kind(function) != "plain":
        return None
    params = positional_params(function.args)
    if not params or params[0].arg != node.value.id \
            or any(type(each) is ast.Name and each.id == node.value.id and type(each.ctx) is not ast.Load
                   for each in iter_nodes(function)):
        return None
    return function


def _tested(node: ast.Attribute, parent: ast.AST | None) -> bool:
    """`self.f is None`, `self.f is not None`, `if self.f:`, `not self.f`: read for a test only."""
    if type(parent) is ast.Compare:
        return len(parent.ops) == 1 and type(parent.ops[0]) in (ast.Is, ast.IsNot) and (
            parent.left is node and type(parent.comparators[0]) is ast.Constant and parent.comparators[0].value is None)
    if type(parent) is ast.UnaryOp:
        return type(parent.op) is ast.Not
    return type(parent) in (ast.If, ast.While, ast.IfExp, ast.Assert) and parent.test is node
