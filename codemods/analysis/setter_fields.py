"""A field a setter method fills with the object that owns it (issue 13): Keras callbacks get
their model by `set_model`, called by the `CallbackList` the model builds with `model=self`:

    class Callback:
        def __init__(self): self.model = None
        def set_model(self, model): self.model = model
    class CallbackList:
        def __init__(self, callbacks, model=None):
            for callback in callbacks: callback.set_model(model)
    class Trainer:
        def __init__(self, mesh): ...; self.callbacks = CallbackList(callbacks, model=self)

When the field is stored only by `self.<field> = None` in `__init__`s and by `self.<field> =
<param>` in one setter method (a top-level statement, the parameter never rebound), and every
call of the setter passes an object of one module class T no class extends (`self` of a method
of T, or a parameter of a class's `__init__` that every construction of that class, all known,
passes such an object), then a read `self.<field>.<attr>` either raises (the field still None:
the line after it is never reached) or reads `<attr>` of an object of T, known where every
object of T agrees (classes.py). The field itself (`self.model is None`) stays unknown.

A field the setter computes from that object (`self.axes = tuple(model.mesh.axis_names)` in a
`set_model` that first hands the model to `super().set_model(model)`), its one store anywhere,
not reading `self`, with no class binding the name: until the setter ran the object has no such
attribute (a read raises), after it the field is what the store computes from any object of T.
A setter of that name handing its own parameter on passes what its callers pass.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, iter_with_scopes, positional_params
from codemods.analysis.values import AxisState, Instance, Value


class SetterFields:
    """Interpreter hook (which supplies eval, the class facts and the constructions)."""

    def eval_Attribute(self, expr: ast.Attribute, frame) -> Value:
        value = super().eval_Attribute(expr, frame)
        held = expr.value
        if not (isinstance(value, AxisState) and value.unknown) or type(expr.ctx) is not ast.Load \
                or expr.attr.startswith("__"):
            return value
        if type(held) is ast.Name:
            return self._field_of_setter(expr, frame, value)
        if type(held) is not ast.Attribute or type(held.value) is not ast.Name:
            return value
        owner = self.eval_silently(held.value, frame)  # read again for the object only
        from codemods.analysis.class_families import Family

        if not isinstance(owner, (Instance, Family)):
            return value
        owner_class = setter_class(self, owner.cls, held.attr)
        return value if owner_class is None else self.class_attribute(Instance(owner_class), expr.attr)

    def _field_of_setter(self, expr: ast.Attribute, frame, value: Value) -> Value:
        """`self.axes` a setter stored (setter_value)."""
        owner = self.eval_silently(expr.value, frame)
        from codemods.analysis.class_families import Family

        found = setter_value(self, owner.cls, expr.attr) if isinstance(owner, (Instance, Family)) else None
        return value if found is None else found


def setter_class(interp, cls: ast.ClassDef, field: str) -> ast.ClassDef | None:
    key = ("setter_class", id(cls), field)
    if key not in interp._class_tables:
        interp._class_tables[key] = _setter_class(interp, cls, field)
    return interp._class_tables[key]


def _setter_class(interp, cls: ast.ClassDef, field: str) -> ast.ClassDef | None:
    found = _setter(interp, cls, field, nones=True)
    if found is None or type(found[1].value) is not ast.Name or found[1].value.id != found[2]:
        return None
    return _passed_class(interp, *found)


def setter_value(interp, cls: ast.ClassDef, field: str) -> Value | None:
    """`self.axes = tuple(model.mesh.axis_names)`, the one store of the field, in a setter whose
    every call passes an object of one class T, not reading the object itself: the value it
    computes from any object of T (None: not so). Until the setter ran there is no such
    attribute (nothing else binds it), so a read before raises."""
    key = ("setter_value", id(cls), field)
    if key not in interp._class_tables:
        interp._class_tables[key] = None
        found = _setter(interp, cls, field, nones=False)
        owner = _passed_class(interp, *found) if found is not None else None
        if owner is not None and not any(type(node) is ast.Name and node.id == positional_params(found[0].args)[0].arg
                                         for node in ast.walk(found[1].value)):
            from codemods.analysis.interpreter import Frame

            frame = Frame(None, interp.module_frame, static_scopes=(found[0],))
            frame.vars[found[2]] = Instance(owner)
            interp._class_tables[key] = interp.eval(found[1].value, frame)
    return interp._class_tables[key]


def _setter(interp, cls: ast.ClassDef, field: str, nones: bool):
    """(setter method, its store, the parameter it reads) of the one store of the field outside
    `__init__`s, when every other store is `self.<field> = None` in one (none with `nones`
    false, and no class of the chain binding the name either)."""
    from codemods.analysis.field_changers import Everything
    from codemods.analysis.object_methods import class_bindings, class_chain

    chain = class_chain(interp.scope, cls)
    changers = interp._field_changers()
    if not chain or isinstance(changers, Everything) or field in changers \
            or not nones and any(class_bindings(klass).binds(field) for klass in interp.scope.classes.values()):
        return None
    setter = None
    for target in interp._attribute_stores().get(field, ()):
        found = _owning_statement(interp.scope, chain, target)
        if found is None:
            return None
        method, stmt = found
        if nones and method.name == "__init__" and type(stmt.value) is ast.Constant and stmt.value.value is None:
            continue
        params = [param.arg for param in positional_params(method.args)[1:]]
        read = [node.id for node in ast.walk(stmt.value) if type(node) is ast.Name and node.id in params]
        if setter is not None or len(set(read)) != 1 or method.name == "__init__" or method.decorator_list \
                or _rebinds(method, read[0]) or _rebinds(method, positional_params(method.args)[0].arg):
            return None
        setter = (method, stmt, read[0])
    return setter


def _passed_class(interp, method: ast.FunctionDef, stmt: ast.Assign, param: str) -> ast.ClassDef | None:
    """The one class T every call of a method of that name passes an object of for `param`; a
    method of that name handing its own parameter on (`super().set_model(model)`) passes what
    its callers pass."""
    index = [p.arg for p in positional_params(method.args)].index(param) - 1
    calls = [(node, scopes) for node, scopes in iter_with_scopes(interp.scope.tree) if type(node) is ast.Call
             and type(node.func) is ast.Attribute and node.func.attr == method.name]
    if not calls or len(calls) != interp.scope.attribute_references(method.name):
        return None  # the setter read other than by a call
    classes: dict[int, ast.ClassDef] = {}
    for call, scopes in calls:
        given = _given(call, index, param)
        if _forwarded(given, scopes, method.name, index):
            continue
        owner = _object_class(interp, given, scopes, 0) if given is not None else None
        if owner is None:
            return None
        classes[id(owner)] = owner
    return next(iter(classes.values())) if len(classes) == 1 else None


def _forwarded(given: ast.expr | None, scopes, name: str, index: int) -> bool:
    function = scopes[-1] if scopes else None
    if type(given) is not ast.Name or type(function) is not ast.FunctionDef or function.name != name:
        return False
    params = positional_params(function.args)
    return index + 1 < len(params) and params[index + 1].arg == given.id and not _rebinds(function, given.id)


def _owning_statement(scope, chain, target: ast.Attribute):
    """(method, statement) of a top-level `self.<field> = ...` of a method of a class of `chain`."""
    for klass in chain:
        for member in klass.body:
            if not isinstance(member, DEFS) or not positional_params(member.args):
                continue
            own = positional_params(member.args)[0].arg
            for stmt in member.body:
                if type(stmt) is ast.Assign and len(stmt.targets) == 1 and stmt.targets[0] is target \
                        and type(target.value) is ast.Name and target.value.id == own:
                    return member, stmt
    return None


def _given(call: ast.Call, index: int, param: str) -> ast.expr | None:
    if any(type(arg) is ast.Starred for arg in call.args) or any(k.arg is None for k in call.keywords):
        return None
    if index < len(call.args):
        return call.args[index]
    return next((k.value for k in call.keywords if k.arg == param), None)


def _rebinds(function, name: str) -> bool:
    return any(type(node) is ast.Name and node.id == name and type(node.ctx) is not ast.Load
               or type(node) in (ast.Global, ast.Nonlocal) and name in node.names for node in ast.walk(function))


def _object_class(interp, given: ast.expr, scopes, depth: int) -> ast.ClassDef | None:
    """The module class every object `given` may be, where it is written (None: not known)."""
    if type(given) is not ast.Name or not scopes or depth > 3:
        return None
    function = scopes[-1]
    if type(function) is not ast.FunctionDef or _rebinds(function, given.id):
        return None
    params = [param.arg for param in positional_params(function.args)]
    cls = interp.scope.class_of(function)
    if cls is None or given.id not in params:
        return None
    if params.index(given.id) == 0:  # `self` of a plain method of a class nothing extends
        from codemods.analysis.scopes import method_kind

        return cls if method_kind(function) == "plain" and not interp.scope.subclassed(cls) else None
    if function.name != "__init__" or interp.class_facts(cls).init is not function:
        return None
    constructions = interp._constructions(cls)
    if not constructions:
        return None
    index = params.index(given.id) - 1
    found = {id(owner): owner for call, call_scopes in constructions
             for owner in [_object_class(interp, _given(call, index, given.id), call_scopes, depth + 1)
                           if _given(call, index, given.id) is not None else None]}
    return next(iter(found.values())) if len(found) == 1 and None not in found.values() else None
