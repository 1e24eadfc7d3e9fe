"""`inspect.signature(cls.__init__).parameters` (issue 13): the names a constructor takes.

Diffusers' `ConfigMixin.from_config` keeps the config items `__init__` accepts:

    accepted = inspect.signature(cls.__init__).parameters
    return cls(**{k: v for k, v in config.items() if k in accepted})

The mapping is read as the sequence of those names its iteration gives, so `k in accepted` is
known for every key. The `__init__` is the def the class finds, written with no decorator or
with one the module defines whose wrapper is made by `functools.wraps` (init_wrappers.py:
`inspect.signature` follows `__wrapped__` to the def as written). Anything else is left as before.
"""
from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from codemods.analysis.object_methods import class_method
from codemods.analysis.values import ClassValue, Const, Instance, JaxName, TupleValue, Value

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame


class Signatures:
    """Interpreter hook (which supplies eval, scope and the module's `__init__` wrappers)."""

    def eval_Attribute(self, expr: ast.Attribute, frame: Frame) -> Value:
        call = expr.value
        if expr.attr == "parameters" and type(call) is ast.Call and len(call.args) == 1 and not call.keywords \
                and type(call.args[0]) is ast.Attribute and call.args[0].attr == "__init__" \
                and isinstance(callee := self.eval(call.func, frame), JaxName) and callee.name == "inspect.signature":
            owner = self.eval(call.args[0].value, frame)
            names = self._init_names(owner.cls) if isinstance(owner, (ClassValue, Instance)) else None
            if names is not None:
                return TupleValue(tuple(Const(name) for name in names))  # as iterating the mapping gives
        return super().eval_Attribute(expr, frame)

    def _init_names(self, cls: ast.ClassDef) -> tuple[str, ...] | None:
        init = class_method(self.scope, cls, "__init__")
        if type(init) is not ast.FunctionDef:
            return None
        if self._wrappers is None:
            from codemods.analysis.init_wrappers import init_wrappers

            self._wrappers = init_wrappers(self.scope)
        if init.decorator_list and not (len(init.decorator_list) == 1 and type(init.decorator_list[0]) is ast.Name
                                        and init.decorator_list[0].id in self._wrappers):
            return None
        params = init.args
        names = [param.arg for param in params.posonlyargs + params.args]
        names += [params.vararg.arg] if params.vararg else []
        names += [param.arg for param in params.kwonlyargs]
        names += [params.kwarg.arg] if params.kwarg else []
        return tuple(names)
