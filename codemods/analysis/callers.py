"""What the callers of a module function pass: the interpreter reads a parameter of a function
around a shard_map body as the value every call of the function gives it (an axis name handed
to a builder, `make_step('data')`; a module function, `make_step(loss_fn)`; a config object
built with constants, `train(mesh, Config())`), when every reference to the function is such
a call and all of them agree.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import FunctionDef, call_args, iter_with_scopes, param_default, positional_params
from codemods.analysis.shardmap import argument_for
from codemods.analysis.values import Const, Function, Instance, Value, same_value


class Callers:
    """The caller half of the Interpreter (which supplies eval, scope and the frames)."""

    def _parameter_value(self, name: str, function: FunctionDef) -> Value | None:
        """The constant every call passes for parameter `name` of a module function (an axis
        name given to a builder: `make_step('data')`), when every reference to it is such a call."""
        if self.scope.globals.unique_function(function.name) is not function:
            return None
        params = positional_params(function.args)
        if name not in [param.arg for param in params + list(function.args.kwonlyargs)] \
                or name in self._locals_of(function):
            return None  # not a parameter, or rebound in the function
        if self._calls is None:
            self._calls = {}
            for node, scopes in iter_with_scopes(self.scope.tree):
                if type(node) is ast.Call and type(node.func) is ast.Name:
                    self._calls.setdefault(node.func.id, []).append((node, scopes))
        calls = self._calls.get(function.name, [])
        if not calls or len(calls) != self.scope.references(function.name):
            return None  # referenced other than by a call: called from anywhere
        found: list[Value] = []
        for call, scopes in calls:
            given = _argument(call, function, name)
            if given is None:
                return None
            value = self.scope.constant(given, scopes)
            if isinstance(value, (str, tuple)):
                found.append(Const(value))
                continue
            passed = self.eval(given, self._static_frame(scopes))  # a module function: `make_step(loss_fn)`
            if not (isinstance(passed, Function) and passed.closure is self.module_frame) and not _settled(passed):
                return None  # a config object built with constants: `train(mesh, Config())`
            found.append(passed)
        first = found[0]
        if all(value == first if isinstance(value, Const) else same_value(value, first) if isinstance(value, Instance)
               else isinstance(first, Function) and value.node is first.node for value in found):
            return first
        return None


def _settled(value: Value) -> bool:
    """An object of a module class whose constructor set every field to a constant (or to
    such an object)."""
    return isinstance(value, Instance) and value.fields is not None and all(
        isinstance(item, Const) or _settled(item) for _, item in value.fields)


def _argument(call: ast.Call, function: FunctionDef, name: str) -> ast.expr | None:
    """What `call` passes for parameter `name` of `function` (its default when absent); None
    when that is not plain to see (starred arguments)."""
    if any(arg.star for arg in call_args(call)):
        return None
    param = next((param for param in positional_params(function.args) + list(function.args.kwonlyargs)
                  if param.arg == name), None)
    given = argument_for(call, function, name)
    return given if given is not None or param is None else param_default(function.args, param)
