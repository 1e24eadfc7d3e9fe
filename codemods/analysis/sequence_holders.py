"""Objects held by a callable sequence object (issue 13): Hugging Face's
`processors = LogitsProcessorList([MinLength(2), TopK(4)])`, whose `__call__` walks `self` and calls
each item, is handed to the code that runs it inside a shard_map body.

A `__call__` of an item class is judged only when every call of its objects was analysed
(instances.py). An object inside such a sequence object (a module class extending `list` or
`tuple` and adding methods only: sequence_classes.py) is called only by that class's own code,
when the class uses `self` in nothing but `for item in self:` loops of its `__call__` whose item
is only called (or handed to `inspect.signature(item.__call__)`, which calls nothing) at calls
the analysis ran; so every call of the item is analysed when every read of the name holding the
sequence object calls it where the analysis ran its `__call__`.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, positional_params
from codemods.analysis.object_methods import class_bindings
from codemods.analysis.sequence_classes import sequence_base


def item_calls(scope, cls: ast.ClassDef) -> list[ast.Name] | None:
    """The item names `__call__` calls (`processor` of `processor(ids, scores)`), when the class
    uses `self` only to walk its items into calls; None otherwise."""
    if sequence_base(scope, cls) is None:
        return None
    call = class_bindings(cls).unique_function("__call__")
    if type(call) is not ast.FunctionDef or call.decorator_list or not positional_params(call.args):
        return None
    for member in cls.body:
        if isinstance(member, DEFS) and member is not call and any(
                type(node) is ast.Name and node.id in ("self", "super") for node in ast.walk(member)):
            return None  # another method may hand the items anywhere
    receiver = positional_params(call.args)[0].arg
    loops = [node for node in ast.walk(call) if type(node) is ast.For and type(node.iter) is ast.Name
             and node.iter.id == receiver and type(node.target) is ast.Name]
    walked = {id(loop.iter) for loop in loops}
    if any(type(node) is ast.Name and node.id in (receiver, "super") and id(node) not in walked
           for node in ast.walk(call)):
        return None
    parents = {id(child): node for node in ast.walk(call) for child in ast.iter_child_nodes(node)}
    found = []
    for loop in loops:
        item = loop.target.id
        for node in ast.walk(call):
            if type(node) is not ast.Name or node.id != item or node is loop.target:
                continue
            parent = parents.get(id(node))
            if type(node.ctx) is not ast.Load:
                return None  # rebound: another object under the name
            if type(parent) is ast.Call and parent.func is node:
                found.append(node)
            elif not _signature_read(scope, node, parents):
                return None
    return found


def _signature_read(scope, node: ast.Name, parents) -> bool:
    """`inspect.signature(item.__call__)`: reads the method's parameters, calls nothing."""
    attribute = parents.get(id(node))
    call = parents.get(id(attribute))
    if type(attribute) is not ast.Attribute or attribute.attr != "__call__" or type(call) is not ast.Call \
            or call.args != [attribute] or call.keywords:
        return False
    func = call.func
    if type(func) is ast.Attribute and type(func.value) is ast.Name:
        return func.attr in SIGNATURE_READERS and scope.imports.bindings.get(func.value.id) == "inspect" \
            and not scope.globals.binds(func.value.id)
    return type(func) is ast.Name and scope.imports.bindings.get(func.id) in {f"inspect.{name}" for name in SIGNATURE_READERS}


SIGNATURE_READERS = frozenset({"signature", "getfullargspec"})


def signature_reads(scope) -> frozenset[int]:
    """Ids of the `.__call__` attributes the module only hands to `inspect.signature`."""
    from codemods.analysis.nodes import attributes_by_name, module_parents

    found = scope.tree.__dict__.get("_shardfix_signature_reads")
    if found is None:
        reads = attributes_by_name(scope.tree).get("__call__", ())
        parents = module_parents(scope.tree) if reads else {}
        found = scope.tree._shardfix_signature_reads = frozenset(
            id(node) for node in reads if type(node.value) is ast.Name and _signature_read(scope, node.value, parents))
    return found


def sequence_held(interp, held: ast.expr, holders: dict, analysed: set[int], call_attributes: dict) -> bool | None:
    """For `held`, a list display of objects handed whole to a callable sequence class
    (`Seq([...])`): whether every call of its items is analysed (see the module docstring);
    None when `held` is not handed so."""
    seq_call = interp._parent_map().get(id(held))
    if type(seq_call) is not ast.Call or seq_call.args != [held] or seq_call.keywords \
            or type(seq_call.func) is not ast.Name or seq_call.func.id not in interp.scope.classes:
        return None
    cls = interp.scope.classes[seq_call.func.id]
    calls = item_calls(interp.scope, cls)
    if calls is None:
        return None
    if not calls or not all(id(node) in analysed for node in calls):
        return False
    own_call = class_bindings(cls).unique_function("__call__")
    seen = (interp.analysed_refs.get(id(own_call), set()), call_attributes, cls)
    holder = holders.get(id(seq_call))
    if holder is None:  # handed on as it is made: `generate(x, ProcessorList([...]))`
        return interp._read_analysed(seen, seq_call, False, 0)
    return interp._target_reads_analysed(seen, holder, False, 0)
