"""Attributes set on an object right after it is built (issue 13): the builder style of configs,

    config = AttentionConfig(use_cache=True)
    config.cache_axes = (config.batch_axis, config.head_axis)
    layer = FlaxCachedAttention(config)      # reads self.config.cache_axes

A field some code stores outside `__init__` is otherwise never read (classes.py). Here the stores
are replayed, in order, onto the object the name holds, when all of it is plain to see:
- the name is bound exactly once in its function (or at module level), by `name = Cls(...)` of a
  module class, a statement of the function's own body;
- each store is a statement `name.attr = expr` of that body after it, or a statement
  `name.compile(...)` of a method that sets fields after construction (method_fields.py, run
  on the object as built so far: Keras' `model.compile(loss="mae")`); no other statement between
  the binding and the last store reads the name (the object is complete before anything holds
  it), and each `expr` is evaluated with the name holding the object as built so far;
- the class chain defines no `__setattr__`, `__slots__` nor any member named `attr` (a property
  or descriptor would run instead), the module changes no field by name (`setattr`, `vars`), and
  every store of `.attr` anywhere in the module is one of these statements, with no in-place
  change of `.attr`: nothing changes the field afterwards.
The replayed values sit in fields `=attr`, which `later_field` (method_fields.py) answers with.
"""
from __future__ import annotations

import ast

from codemods.analysis.field_changers import Everything
from codemods.analysis.fluent_setters import held_alone
from codemods.analysis.mutation import mutated_names
from codemods.analysis.nodes import nodes_of_type
from codemods.analysis.object_methods import class_bindings, class_chain
from codemods.analysis.values import Instance, Value

MARK = "="  # the prefix of a replayed field: no attribute is spelled so


def set_field(interp, receiver: Instance, attr: str) -> Value | None:
    """The value a replayed store gave `attr` of this object (None: none)."""
    if receiver.fields is None or receiver.building:
        return None
    return dict(receiver.fields).get(MARK + attr)


def set_object(interp, name: str, frame, value: Value) -> Value | None:
    """The object `name` holds once the stores right after its construction ran (None: none)."""
    if not isinstance(value, Instance) or value.fields is None or value.building:
        return None
    scopes = frame.static_scopes or ()
    owner = next((index for index in range(len(scopes) - 1, -1, -1)
                  if interp.scope.locals_of(scopes[index]).binds(name)), None)
    function = scopes[owner] if owner is not None else interp.scope.tree
    body = function.body
    made = next((index for index, stmt in enumerate(body) if type(stmt) is ast.Assign and len(stmt.targets) == 1
                 and type(stmt.targets[0]) is ast.Name and stmt.targets[0].id == name), None)
    if made is None or type(body[made].value) is not ast.Call:
        return None
    from codemods.analysis.method_fields import method_statement, setting_method  # (it reads set_field from here)

    stores, calls, last = [], [], made
    for index in range(made + 1, len(body)):
        stmt = body[index]
        if type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Attribute \
                and type(stmt.targets[0].value) is ast.Name and stmt.targets[0].value.id == name:
            stores.append(stmt)
            last = index
        elif method_statement(stmt, None) == name and (setting_method(interp, value.cls, stmt.value.func.attr)
                                                       or held_alone(interp, stmt.value, interp._parent_map())):
            calls.append(stmt)  # `model.compile(loss="mse")` of a method setting a field (method_fields.py)
            last = index
    if not stores and not calls or any(
            type(node) is ast.Name and node.id == name and not (stmt in calls and node is stmt.value.func.value)
            for stmt in body[made + 1:last + 1] if stmt not in stores for node in ast.walk(stmt)):
        return None
    if not _plain_fields(interp, value.cls, {stmt.targets[0].attr for stmt in stores}, stores):
        return None
    from codemods.analysis.interpreter import Frame

    fields = dict(value.fields)
    here = scopes[:owner + 1] if owner is not None else ()
    opaque = any(id(function) in interp.body_functions for function in here)
    for stmt in body[made + 1:last + 1]:  # each value read with the name holding the object built so far
        if stmt not in stores and stmt not in calls:
            continue
        frame_here = Frame(None, interp.module_frame if here else None, static_scopes=here, opaque=opaque)
        built = frame_here.vars[name] = Instance(value.cls, tuple(sorted(fields.items())))
        if stmt in stores:
            fields[MARK + stmt.targets[0].attr] = interp.eval(stmt.value, frame_here)
            continue
        if held_alone(interp, stmt.value, interp._parent_map()):  # `p.set(axis=...)` gives `p` (fluent_setters.py)
            after = interp.eval(stmt.value, frame_here)
            if type(after) is not Instance or after.fields is None:
                return None
            fields = dict(after.fields)
            continue
        outer, interp.stored_self = interp.stored_self, None
        interp.silent += 1  # run only for the fields it sets
        try:
            interp.eval(stmt.value, frame_here)
        finally:
            interp.silent -= 1
            after, interp.stored_self = interp.stored_self, outer
        if after is None or after[0] is not built:
            return None  # the method set nothing the analysis could follow
        fields = dict(after[1].fields)
    return Instance(value.cls, tuple(sorted(fields.items())))


def _plain_fields(interp, cls: ast.ClassDef, attrs: set[str], stores: list[ast.Assign]) -> bool:
    chain = class_chain(interp.scope, cls)
    if chain is None or isinstance(interp._field_changers(), Everything):
        return False
    if any(class_bindings(klass).binds(name) for klass in chain for name in ("__setattr__", "__slots__", *attrs)):
        return False
    ours = {id(stmt.targets[0]) for stmt in stores}
    changed = mutated_names(interp.scope.tree)
    return not any("." + attr in changed for attr in attrs) and not any(
        node.attr in attrs and type(node.ctx) is not ast.Load and id(node) not in ours
        for node in nodes_of_type(interp.scope.tree, ast.Attribute))
