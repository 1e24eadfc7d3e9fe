"""`fn.__name__` of a def the interpreter holds (issue 13): gin-style `@configurable` wrappers look
their bindings up by the wrapped def's name (`_BINDINGS.get(fn.__name__, {})`).

A function object is named by its `def` statement; decorators act on the name's binding, not on
the object they are handed. So the name is the def's, unless `functools.wraps` made the object (a
wrapper takes the wrapped def's name: not read) or some code stores a `__name__` (class_names.py) or copies one (`functools.update_wrapper`).
"""
from __future__ import annotations

import ast

from codemods.analysis.decorators import wraps_of
from codemods.analysis.values import Const, Function, Value


class FunctionNames:
    """Interpreter hook (the Interpreter supplies scope, lookup and _names_kept)."""

    def eval_Attribute(self, expr: ast.Attribute, frame) -> Value:
        if expr.attr == "__name__" and type(expr.value) is ast.Name:
            function = self.eval(expr.value, frame)  # (a name: reading it again runs nothing)
            if type(function) is Function and type(function.node) is ast.FunctionDef and self._names_kept() \
                    and not self._names_copied() \
                    and not any(wraps_of(self.scope, decorator, ()) is not None for decorator in function.node.decorator_list):
                return Const(function.node.name)
        return super().eval_Attribute(expr, frame)

    def _names_copied(self) -> bool:
        """Some code may copy a name onto a def's object other than by decorating it with
        `functools.wraps` (`functools.update_wrapper(w, fn)`, `wraps(fn)(w)`)."""
        copied = self.__dict__.get("_function_names_copied")
        if copied is None:
            decorators = {id(d) for node in ast.walk(self.scope.tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                          for d in node.decorator_list}
            copied = self.__dict__["_function_names_copied"] = any(
                type(node) is ast.Name and node.id == "update_wrapper" or type(node) is ast.Attribute and node.attr == "update_wrapper"
                or type(node) is ast.Call and id(node) not in decorators
                and (type(node.func) is ast.Name and node.func.id == "wraps" or type(node.func) is ast.Attribute and node.func.attr == "wraps")
                for node in ast.walk(self.scope.tree))
        return copied

