"""A def under one decorator of the module that returns a wrapper of its own (`def
filter_value_and_grad(fn): def wrapped(model, *args): return jax.value_and_grad(fn)(model,
*args); return wrapped`), or under a call of a module factory of such decorators
(`@cross_shard_mean(axes=("docs", "topics"))`): the name is bound to what the decorator returns, so the interpreter
runs the decorator on the def, as Python does, and calls through the name run the wrapper with
the def as its closure. A module class as the decorator (`@traced` with `__init__(self, fn)` and
`__call__`) binds the name to the object it builds around the def. Used where user_decorators.py
cannot prove the decorator transparent; any other decorator leaves the name unknown."""
from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from codemods.analysis.decorators import returned_def, wraps_of
from codemods.analysis.nodes import DEFS, FunctionNode
from codemods.analysis.object_methods import class_method
from codemods.analysis.scopes import method_kind
from codemods.analysis.values import UNKNOWN, ClassValue, Function, Instance, Value

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame


class WrapperDecorators:
    """Interpreter hook (the Interpreter supplies scope, call, module_frame and silent)."""

    def wrapped_by_decorator(self, function: FunctionNode, frame: Frame) -> Value:
        decorators = getattr(function, "decorator_list", [])
        if len(decorators) != 1:
            return UNKNOWN
        written = decorators[0]
        called = type(written) is ast.Call  # `@cross_shard_mean(axes=...)`: a factory of decorators
        name = written.func.id if called and type(written.func) is ast.Name else written.id \
            if type(written) is ast.Name else None
        if name is None or self.scope.imports.bindings.get(name):
            return UNKNOWN  # imported: not the module's def
        if not called and name in self.scope.classes and self.scope.globals.unique_function(name) is None:
            return self._built_around(self.scope.classes[name], function, written, frame)
        factory = self.scope.globals.unique_function(name)
        # `@functools.wraps(fn)` over the wrapper copies names and docstrings only: it runs as written
        def keeps(d):
            return type(wraps_of(self.scope, d, ())) is ast.Name

        if not isinstance(factory, DEFS) or self.scope.class_of(factory) is not None \
                or (returned_def(factory) if called else last_returned_def(factory, keeps)) is None:
            return UNKNOWN
        decorator = returned_def(factory)[0] if called else factory
        wrapper = last_returned_def(decorator, keeps) if isinstance(decorator, DEFS) else None
        if wrapper is None:
            return UNKNOWN
        self.silent += 1  # applied once, where the def is: nothing in it is judged
        try:
            applied = Function(factory, self.module_frame)
            if called:
                args, keywords, starred = self._eval_args(written, frame)
                applied = self.call(applied, written, args, keywords, starred, frame)
            result = self.call(applied, None, [(Function(function, frame), written)], {}, False, frame) \
                if isinstance(applied, Function) and applied.node is decorator else UNKNOWN
        finally:
            self.silent -= 1
        return result if isinstance(result, Function) and result.node is wrapper[0] else UNKNOWN

    def _built_around(self, cls: ast.ClassDef, function: FunctionNode, written: ast.expr, frame: Frame) -> Value:
        """`@traced` of a module class nothing derives from, whose `__call__` is a plain method: the
        name is bound to the object the class builds around the def (`traced(fn)`, its __init__
        storing it), and a call through the name runs that object's `__call__`."""
        method = class_method(self.scope, cls, "__call__")
        if self.scope.subclassed(cls) or not isinstance(method, ast.FunctionDef) or method_kind(method) != "plain":
            return UNKNOWN
        self.silent += 1  # built once, where the def is: nothing in it is judged
        try:
            built = self.call(ClassValue(cls), None, [(Function(function, frame), written)], {}, False, frame)
        finally:
            self.silent -= 1
        return built if isinstance(built, Instance) and built.fields is not None and not built.building else UNKNOWN


def last_returned_def(decorator, keeps) -> tuple | None:
    """(the def, the name returning it) that the last statement of `decorator` returns by name: a
    def of its body under decorators `keeps` accepts. Other returns may come before it (gin's
    `if isinstance(obj, type): ...; return obj` for classes): which one a call reaches is the
    interpreter's run of the call, and only a run ending in this def's function is read."""
    if decorator.decorator_list or not decorator.body or type(decorator.body[-1]) is not ast.Return:
        return None
    returned = decorator.body[-1].value
    if type(returned) is not ast.Name:
        return None
    defs = [stmt for stmt in decorator.body if isinstance(stmt, DEFS) and stmt.name == returned.id]
    stores = [node for stmt in decorator.body if not isinstance(stmt, DEFS) for node in ast.walk(stmt)
              if type(node) is ast.Name and node.id == returned.id and not isinstance(node.ctx, ast.Load)]
    if len(defs) != 1 or stores or not all(keeps(each) for each in defs[0].decorator_list):
        return None
    return defs[0], returned

