"""A def under one decorator of the module that returns a wrapper of its own (`def
filter_value_and_grad(fn): def wrapped(model, *args): return jax.value_and_grad(fn)(model,
*args); return wrapped`): the name is bound to what the decorator returns, so the interpreter
runs the decorator on the def, as Python does, and calls through the name run the wrapper with
the def as its closure. Used where user_decorators.py cannot prove the decorator transparent;
any other decorator leaves the name unknown."""
from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from codemods.analysis.decorators import returned_def
from codemods.analysis.nodes import DEFS, FunctionNode
from codemods.analysis.values import UNKNOWN, Function, Value

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame


class WrapperDecorators:
    """Interpreter hook (the Interpreter supplies scope, call, module_frame and silent)."""

    def wrapped_by_decorator(self, function: FunctionNode, frame: Frame) -> Value:
        decorators = getattr(function, "decorator_list", [])
        if len(decorators) != 1 or type(decorators[0]) is not ast.Name:
            return UNKNOWN
        name = decorators[0].id
        if self.scope.imports.bindings.get(name):
            return UNKNOWN  # imported: not the module's def
        factory = self.scope.globals.unique_function(name)
        if not isinstance(factory, DEFS) or returned_def(factory) is None or self.scope.class_of(factory) is not None:
            return UNKNOWN
        self.silent += 1  # applied once, where the def is: nothing in it is judged
        try:
            result = self.call(Function(factory, self.module_frame), None,
                               [(Function(function, frame), decorators[0])], {}, False, frame)
        finally:
            self.silent -= 1
        return result if isinstance(result, Function) and result.node is returned_def(factory)[0] else UNKNOWN
