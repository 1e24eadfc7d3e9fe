"""A module def read by `functools.partial(f, ...)` is referenced there (issue 13): a verdict
inside `f` counts only when every reference to `f` was analysed, and the partial's reference is
analysed where the interpreter calls the partial, as the reference `f(...)` inside a lambda is
where the lambda is called (`stages = [partial(rollup, axes="j"), ...]` run by `for stage in
stages: block = stage(block)`, like `[lambda b: rollup(b, "j"), ...]`).
"""
from __future__ import annotations

import ast
from dataclasses import replace

from codemods import jaxapi
from codemods.analysis.values import Function, JaxName, Partial


class PartialRefs:
    """Interpreter hook (run before the expression half's own reading of the call)."""

    def call(self, callee, expr, args, keywords, starred, frame):
        result = super().call(callee, expr, args, keywords, starred, frame)
        if isinstance(callee, JaxName) and callee.name == jaxapi.PARTIAL and isinstance(result, Partial) \
                and isinstance(result.func, Function) and args and type(args[0][1]) is ast.Name:
            return replace(result, func_ref=id(args[0][1]))
        if isinstance(callee, Partial) and callee.func_ref and isinstance(callee.func, Function) and expr is not None:
            self.analysed_refs.setdefault(id(callee.func.node), set()).add(callee.func_ref)
        return result
