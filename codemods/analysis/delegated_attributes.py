"""Attributes a wrapper hands on to the object it wraps (issue 13): Gym's and Acme's

    class Wrapper:
        def __init__(self, env):
            self.env = env

        def __getattr__(self, name):
            return getattr(self.env, name)

make `recorder.stacked(frames)` run `FrameStack.stacked` of the wrapped object when no class of
the recorder's own lookup binds `stacked`. Python calls `__getattr__` only when the normal lookup
fails, so the attribute is read from the field's object exactly when: the object's class chain is
fully known and none of its classes binds the name, nor defines `__getattribute__`; no code of the
module stores an attribute of that name on any object (nor any name: `setattr`, `vars`); the
object's fields are known (it was constructed in view) and hold none of that name; and
`__getattr__` is that one statement.
"""
from __future__ import annotations

import ast

from codemods.analysis.field_changers import Everything
from codemods.analysis.nodes import positional_params
from codemods.analysis.object_methods import class_bindings, class_chain, class_method
from codemods.analysis.values import ClassValue, Instance, Value


def delegate_field(scope, cls: ast.ClassDef) -> str | None:
    """The field `__getattr__` reads every missing attribute from, if it is that one statement."""
    known = scope.tree.__dict__.setdefault("_shardfix_delegate_fields", {})
    if id(cls) not in known:  # the class is held by the tree: its id stays its own
        known[id(cls)] = _delegate_field(scope, cls)
    return known[id(cls)]


def _delegate_field(scope, cls: ast.ClassDef) -> str | None:
    hook = class_method(scope, cls, "__getattr__")
    if type(hook) is not ast.FunctionDef or hook.decorator_list or len(hook.body) != 1 \
            or class_method(scope, cls, "__getattribute__") is not None:
        return None
    params = positional_params(hook.args)
    stmt = hook.body[0]
    if len(params) != 2 or type(stmt) is not ast.Return or type(stmt.value) is not ast.Call:
        return None
    call = stmt.value
    if type(call.func) is not ast.Name or call.func.id != "getattr" or scope.globals.binds("getattr") \
            or "getattr" in scope.imports.bindings or len(call.args) != 2 or call.keywords:
        return None
    held, name = call.args
    if type(name) is not ast.Name or name.id != params[1].arg or type(held) is not ast.Attribute \
            or type(held.value) is not ast.Name or held.value.id != params[0].arg:
        return None
    return held.attr


class DelegatedAttributes:
    """Interpreter hook: `obj.attr` found through a delegating `__getattr__`."""

    def class_attribute(self, receiver, attr: str) -> Value:
        if isinstance(receiver, Instance) and receiver.fields is not None and not attr.startswith("__") \
                and (field := delegate_field(self.scope, receiver.cls)) is not None \
                and attr not in dict(receiver.fields) and attr not in self.scope.stored_attributes \
                and not isinstance(self._field_changers(), Everything):  # `setattr(env, name, f)` may bind it
            chain = class_chain(self.scope, receiver.cls)
            if chain is not None and not any(class_bindings(klass).binds(attr) for klass in chain):
                inner = dict(receiver.fields).get(field)
                if isinstance(inner, (Instance, ClassValue)):
                    return self.class_attribute(inner, attr)  # `self.env.stacked`, wrapper by wrapper
        return super().class_attribute(receiver, attr)
