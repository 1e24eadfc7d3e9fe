"""A module base whose `__init_subclass__` makes each subclass a dataclass (a linen-like `Module`):

    class Module:
        def __init_subclass__(cls, **kwargs):
            super().__init_subclass__(**kwargs)
            dataclasses.dataclass(frozen=True)(cls)

    class BatchNorm(Module):
        axis_name: str = None

`BatchNorm(axis_name="data")` then sets the field as `@dataclasses.dataclass(frozen=True)` on the
subclass would. Only that exact hook is read (an optional `super().__init_subclass__(**kwargs)`
and the one decoration, with constant options), and only for a subclass with no decorator and
no class keyword reaching the hook through single module bases (a deeper one is a dataclass over
a dataclass base: classes.py reads it when the bases between bring no field).
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import is_docstring, last_name, positional_params


def dataclass_hook(cls: ast.ClassDef) -> ast.expr | None:
    """The decorator (`dataclasses.dataclass(frozen=True)`) the class's own `__init_subclass__`
    applies to each new subclass, when that is all the hook does; None otherwise."""
    hooks = [member for member in cls.body if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef))
             and member.name == "__init_subclass__"]
    if len(hooks) != 1 or type(hooks[0]) is not ast.FunctionDef or hooks[0].decorator_list:
        return None
    hook = hooks[0]
    params = positional_params(hook.args)
    if len(params) != 1 or hook.args.vararg is not None or hook.args.kwonlyargs or hook.args.defaults:
        return None
    receiver, kwargs = params[0].arg, hook.args.kwarg.arg if hook.args.kwarg is not None else None
    body = hook.body[1:] if is_docstring(hook.body[0]) else hook.body
    found, supers = None, 0
    for stmt in body:
        if type(stmt) is not ast.Expr or type(stmt.value) is not ast.Call:
            return None
        if _super_hook(stmt.value, kwargs):
            supers += 1
            continue
        decorator = _decoration(stmt.value, receiver)
        if decorator is None or found is not None:
            return None
        found = decorator
    return found if supers <= 1 else None


def hooked_decorators(cls: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> list[ast.expr]:
    """The class's decorators, or, for an undecorated subclass of a chain of single module bases
    whose nearest `__init_subclass__` is a dataclass hook (`Euler(AbstractSolver)` over
    `AbstractSolver(Module)`: Python runs the hook it inherits), that hook's decorator."""
    if cls.decorator_list or cls.keywords:
        return cls.decorator_list
    base = cls
    for _ in range(_MAX_CHAIN):
        if base.keywords or len(base.bases) != 1 or type(base.bases[0]) is not ast.Name \
                or base.bases[0].id not in classes:
            return cls.decorator_list
        base = classes[base.bases[0].id]
        if any(isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)) and member.name == "__init_subclass__"
               for member in base.body):
            decorator = dataclass_hook(base)
            return [decorator] if decorator is not None else cls.decorator_list
    return cls.decorator_list


_MAX_CHAIN = 8


def _super_hook(call: ast.Call, kwargs: str | None) -> bool:
    """`super().__init_subclass__(**kwargs)` (or with nothing)."""
    func = call.func
    if type(func) is not ast.Attribute or func.attr != "__init_subclass__" or type(func.value) is not ast.Call \
            or type(func.value.func) is not ast.Name or func.value.func.id != "super" or func.value.args \
            or func.value.keywords or call.args:
        return False
    return not call.keywords or len(call.keywords) == 1 and call.keywords[0].arg is None \
        and type(call.keywords[0].value) is ast.Name and call.keywords[0].value.id == kwargs


def _decoration(call: ast.Call, receiver: str) -> ast.expr | None:
    """`dataclass(cls)` or `dataclasses.dataclass(frozen=True)(cls)`: the decorator expression."""
    if len(call.args) != 1 or call.keywords or type(call.args[0]) is not ast.Name or call.args[0].id != receiver:
        return None
    decorator = call.func
    named = decorator.func if type(decorator) is ast.Call else decorator
    if last_name(named) != "dataclass":
        return None
    if type(decorator) is ast.Call and (decorator.args or any(
            keyword.arg is None or type(keyword.value) is not ast.Constant
            or keyword.arg == "init" and keyword.value.value is not True for keyword in decorator.keywords)):
        return None
    return decorator
