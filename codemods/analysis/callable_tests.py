"""Callable tests: `callable(name)` where the analysis holds what `name` is (issue 13).

Layer factories accept a layer or its name: `if callable(name): return name` before a table
lookup `_ACT_LAYERS[name]`. Left unknown, the test made the factory's result unknown too, and the
body's `self.act(x)` lost the state of `x`. Python decides the test from the value's type alone:
a str, number, bool, None or tuple literal has no `__call__`; a user function, lambda or
`functools.partial` object has one. Anything else (an instance, whose class may define
`__call__`; a jax name, which may be a module) stays unknown.
"""
from __future__ import annotations

from codemods.analysis.sequence_kinds import ListItems, TupleItems
from codemods.analysis.values import Const, Function, JaxName, Partial

_NOT_CALLABLE = (bool, int, float, str, tuple, type(None))


def callable_answer(value: object) -> Const | None:
    if isinstance(value, Const) and type(value.value) in _NOT_CALLABLE + (ListItems, TupleItems):  # (a kept list or tuple too)
        return Const(False)
    if isinstance(value, (Function, Partial)):
        return Const(True)
    return None


class CallableTests:
    """Interpreter hook (run before the expression half's own reading of the call)."""

    def call(self, callee, expr, args, keywords, starred, frame):
        if type(callee) is JaxName and callee.name == "builtins.callable" and len(args) == 1 \
                and not keywords and not starred and (answer := callable_answer(args[0][0])) is not None:
            return answer
        return super().call(callee, expr, args, keywords, starred, frame)
