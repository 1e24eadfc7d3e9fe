"""What `with cm as target:` binds when the context manager is the module's own (issue 13):
- an object of a module class: what its `__enter__` returns (`return self.cell_axis,
  self.part_axis` bound by `with domain as (cell_axis, part_axis)`), run on the object;
- a call of a module def decorated by `contextlib.contextmanager` alone: the value of its one
  `yield`, a statement of the def's own block after plain statements (`ops =
  SimpleNamespace(...)`; `yield ops`), run with the call's arguments.
Only where an error the body raises certainly leaves the `with`: the class's `__exit__` returns
nothing but False or None, and the generator's `yield` is not inside a `try` or `with` (either
could swallow the error, and a finding in the body would then name a line that raises nothing).
Anything else: None, and the target stays unknown as before.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, iter_nodes, positional_params
from codemods.analysis.values import Function, Instance, Partial, Value

_PLAIN_BEFORE = (ast.Assign, ast.AnnAssign, ast.Expr, ast.Pass)


def entered_value(interp, item: ast.withitem, frame) -> Value | None:
    """Evaluate `item`'s context expression as Python does on entering, and return the value its
    target gets, or None when not certain."""
    expr = item.context_expr
    if type(expr) is ast.Call and type(expr.func) is ast.Name \
            and (function := _generator_manager(interp, expr.func.id, frame)) is not None:
        return _yielded(interp, function, expr, frame)  # the call runs the def up to its yield
    manager = interp.eval(expr, frame)
    return _entered_object(interp, manager, frame) if isinstance(manager, Instance) else None


def _entered_object(interp, manager: Instance, frame) -> Value | None:
    enter = interp.class_attribute(manager, "__enter__")
    leave = interp.class_attribute(manager, "__exit__")
    if not all(isinstance(method, Partial) and isinstance(method.func, Function)
               and isinstance(method.func.node, DEFS) for method in (enter, leave)):
        return None
    if not _never_suppresses(leave.func.node) or len(positional_params(enter.func.node.args)) != 1:
        return None
    return interp.call(enter, None, [], {}, False, frame)


def _never_suppresses(method) -> bool:
    """Every return of `__exit__` gives False or None (falling off its end gives None)."""
    for node in iter_nodes(method, prune=lambda n: n is not method and isinstance(n, DEFS + (ast.Lambda, ast.ClassDef))):
        if type(node) in (ast.Yield, ast.YieldFrom, ast.Await):
            return False
        if type(node) is ast.Return and node.value is not None and not (
                type(node.value) is ast.Constant and node.value.value in (False, None)):
            return False
    return True


def _generator_manager(interp, name: str, frame) -> ast.FunctionDef | None:
    """The module def `name` reads where `frame` runs, when `contextlib.contextmanager` alone
    decorates it and its one yield is a statement of its own block after plain statements."""
    outer = frame
    while outer is not None:  # a def or name of an enclosing function would hide the module's
        scopes = [outer.function] + list(outer.static_scopes or ())
        if any(isinstance(scope, DEFS) and interp.scope.locals_of(scope).binds(name) for scope in scopes) \
                or name in outer.vars and outer is not interp.module_frame:
            return None
        outer = outer.parent
    function = interp.scope.globals.unique_function(name)
    if type(function) is not ast.FunctionDef or len(function.decorator_list) != 1 \
            or interp.scope.resolve(function.decorator_list[0]) != "contextlib.contextmanager":
        return None
    yields = [node for node in iter_nodes(function, prune=lambda n: n is not function and isinstance(
        n, DEFS + (ast.Lambda, ast.ClassDef))) if type(node) in (ast.Yield, ast.YieldFrom)]
    index = _yield_index(function)
    if len(yields) != 1 or index is None or function.body[index].value is not yields[0] \
            or not all(type(stmt) in _PLAIN_BEFORE for stmt in function.body[:index]):
        return None
    return function


def _yield_index(function: ast.FunctionDef) -> int | None:
    return next((position for position, stmt in enumerate(function.body)
                 if type(stmt) is ast.Expr and type(stmt.value) is ast.Yield), None)


def _yielded(interp, function: ast.FunctionDef, call: ast.Call, frame) -> Value | None:
    index = _yield_index(function)
    yielded = function.body[index].value
    from codemods.analysis.control import Dead
    from codemods.analysis.interpreter import Frame

    args, keywords, starred = interp._eval_args(call, frame)
    if starred:
        return None
    inner = Frame(function, interp.module_frame)
    if not interp._bind_params(function.args, [value for value, _ in args],
                               {key: value for key, (value, _) in keywords.items()}, inner):
        return None
    inner.local_names = frozenset(inner.vars) | interp._locals_of(function)
    try:
        interp.exec_block(function.body[:index], inner)
        return interp.eval(yielded.value, inner) if yielded.value is not None else None
    except Dead:
        return None
