"""The module functions that fill a registry as decorators (held.py; issue 13): `def rule(fn):
RULES.append(fn); return fn`, `def register(fn): TABLE[fn.__name__] = fn; return fn` (a key
spelled from the def's name, `.lower()` and the like applied), and the factory `def factory(key):
def deco(fn): TABLE[key] = fn; return fn; return deco` whose other statements only set marks
nothing reads. Each is recognised for one store or append of the table, or not at all.

It exists apart from held.py (which tables hold which defs, and which reads reach them) because
recognising a registering decorator is a question about one function's shape: a new spelling of
such a decorator touches only this."""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS
from codemods.analysis.user_decorators import plain_marks, unread_mark


# Pure str methods a registry may apply to the name it files an entry under (`.lower()`).
_NAME_METHODS = frozenset({"lower", "upper", "casefold", "title", "strip", "replace", "removeprefix", "removesuffix"})


def _name_attribute(key: ast.expr) -> ast.Attribute | None:
    """The `fn.__name__` of a key `fn.__name__`, `fn.__name__.lower()`, `.replace("_", "-")`..."""
    while type(key) is ast.Call and type(key.func) is ast.Attribute and key.func.attr in _NAME_METHODS \
            and not key.keywords and all(type(arg) is ast.Constant and type(arg.value) is str for arg in key.args):
        key = key.func.value
    return key if type(key) is ast.Attribute and key.attr == "__name__" else None


def _key_param(factory: ast.FunctionDef) -> str | None:
    """The key a registering factory takes first (`def register_loss(name, *, log_axes)`): its
    other parameters may only be marks set on a def it files."""
    params = factory.args
    if params.posonlyargs or params.vararg or params.kwarg or not params.args \
            or len(params.args) - len(params.defaults) < 1:
        return None
    return params.args[0].arg


def _marks_def(scope, factory: ast.FunctionDef) -> bool:
    """Every use of the factory decorates a def (a mark on a class may change what it runs)."""
    return all(isinstance(stmt, DEFS) for stmt in scope.tree.body for decorator in getattr(stmt, "decorator_list", ())
               if type(decorator) is ast.Call and type(decorator.func) is ast.Name and decorator.func.id == factory.name)


def _single_param(function: ast.FunctionDef) -> str | None:
    params = function.args
    if params.posonlyargs or params.kwonlyargs or params.vararg or params.kwarg or params.defaults \
            or len(params.args) != 1:
        return None
    return params.args[0].arg


class RegisteringDecorators:
    """The decorator half of Held (which supplies scope)."""

    def _appending_decorator(self, append: ast.Call) -> ast.FunctionDef | None:
        """`def rule(fn): TABLE.append(fn); return fn`, a module function, for that append."""
        for deco in self.scope.tree.body:
            if type(deco) is not ast.FunctionDef or deco.decorator_list or len(deco.body) != 2:
                continue
            first, back = deco.body
            if type(first) is not ast.Expr or first.value is not append:
                continue
            fn_param = _single_param(deco)
            if fn_param is None or append.keywords or len(append.args) != 1 or type(append.args[0]) is not ast.Name \
                    or append.args[0].id != fn_param \
                    or type(back) is not ast.Return or type(back.value) is not ast.Name or back.value.id != fn_param \
                    or self.scope.globals.unique_function(deco.name) is not deco:
                return None
            return deco
        return None

    def _registering_factory(self, store: ast.Subscript) -> ast.FunctionDef | None:
        """`def factory(key): def deco(fn): TABLE[key] = fn; return fn; return deco`, a module
        function, for the store `TABLE[key]`."""
        for factory in self.scope.tree.body:
            if type(factory) is not ast.FunctionDef or factory.decorator_list or len(factory.body) != 2:
                continue
            deco, returned = factory.body
            if type(deco) is not ast.FunctionDef or deco.decorator_list or len(deco.body) < 2 \
                    or type(returned) is not ast.Return or type(returned.value) is not ast.Name \
                    or returned.value.id != deco.name:
                continue
            assign = next((stmt for stmt in deco.body[:-1] if type(stmt) is ast.Assign and stmt.targets == [store]), None)
            if assign is None:
                continue
            marks, back = [stmt for stmt in deco.body[:-1] if stmt is not assign], deco.body[-1]
            key_param, fn_param = _key_param(factory), _single_param(deco)
            if fn_param is not None and not all(unread_mark(self.scope, mark, fn_param) or type(mark) is ast.Assign
                                                and id(mark.targets[0]) in plain_marks(deco, fn_param)
                                                and _marks_def(self.scope, factory) for mark in marks):
                return None  # `cls.name = name`: a mark nothing reads (on a def: any, user_decorators.keeps)
            if key_param is None or fn_param is None or type(store.slice) is not ast.Name \
                    or store.slice.id != key_param or type(assign.value) is not ast.Name \
                    or assign.value.id != fn_param \
                    or type(back) is not ast.Return or type(back.value) is not ast.Name or back.value.id != fn_param:
                return None
            if self.scope.globals.unique_function(factory.name) is not factory:
                return None
            return factory
        return None

    def _registering_decorator(self, store: ast.Subscript) -> ast.FunctionDef | None:
        """`def register(fn): TABLE[fn.__name__] = fn; return fn`, a module function, for the
        store `TABLE[fn.__name__]`."""
        for deco in self.scope.tree.body:
            if type(deco) is not ast.FunctionDef or deco.decorator_list or len(deco.body) != 2 \
                    or type(deco.body[0]) is not ast.Assign or deco.body[0].targets != [store]:
                continue
            fn_param, (assign, back) = _single_param(deco), deco.body
            key = _name_attribute(store.slice)
            if fn_param is None or key is None or type(key.value) is not ast.Name or key.value.id != fn_param \
                    or type(assign.value) is not ast.Name or assign.value.id != fn_param \
                    or type(back) is not ast.Return or type(back.value) is not ast.Name or back.value.id != fn_param \
                    or self.scope.globals.unique_function(deco.name) is not deco:
                return None
            return deco
        return None
