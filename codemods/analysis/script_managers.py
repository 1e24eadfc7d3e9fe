"""`with obj as name:` over an object of the program's own class in a script run (issue 13).

Pipeline libraries build a graph inside `with Pipeline(options) as p:` and run it when the block
leaves (`__exit__` calls `self.run()`): the work, and the bug, happen in `__exit__`, after the
body. Python's order is kept exactly: `__enter__` runs (its result bound to the target), then the
body, then `__exit__(None, None, None)` when the body ends normally or by `break`, `continue` or
`return` (then the jump goes on).

Certainty: an exception the body raises would reach `__exit__` with its traceback, and a true
result would swallow it; the run does not model that, so an exception of the program stops it
(Bail). When JAX raises in the body the finding stands only if that error certainly leaves the
`with`: every `return` of the class's `__exit__` gives False or None (a `__exit__` that may
return something else may swallow it, and the program then goes on as if nothing had raised).
A class without both hooks as plain methods stops the run.
"""
from __future__ import annotations

import ast

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Bound, GatherStop, UFunc, UObj


def is_managed_object(value: object) -> bool:
    return type(value) is UObj and value.cls.lookup("__enter__") is not None


def with_object(run, obj: UObj, target: ast.expr | None, body, env) -> None:
    from codemods.analysis.host_exprs import Break, Continue, Raised, Return

    enter, leave = _hook(obj, "__enter__"), _hook(obj, "__exit__")
    entered = run.call(Bound(enter, obj), [], {})
    if target is not None:
        run.store(target, entered, env)
    try:
        body()
    except (Break, Continue, Return):  # (jumps, not exceptions: the manager leaves normally)
        run.call(Bound(leave, obj), [None, None, None], {})
        raise
    except GatherStop:
        if not _never_suppresses(leave.node):
            raise Bail from None
        raise
    except Raised:  # (the program's own exception: `__exit__` would see it)
        raise Bail from None
    run.call(Bound(leave, obj), [None, None, None], {})


def _hook(obj: UObj, name: str) -> UFunc:
    found = obj.cls.lookup(name)
    if found is None or type(found[1]) is not UFunc or type(found[1].node) is not ast.FunctionDef:
        raise Bail
    return found[1]


def _never_suppresses(method: ast.FunctionDef) -> bool:
    """Every `return` of `__exit__` gives False or None (falling off its end gives None)."""
    pending = list(method.body)
    while pending:
        node = pending.pop()
        if type(node) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef):
            continue
        if type(node) in (ast.Yield, ast.YieldFrom, ast.Await):
            return False
        if type(node) is ast.Return and node.value is not None and not (
                type(node.value) is ast.Constant and node.value.value in (False, None)):
            return False
        pending.extend(ast.iter_child_nodes(node))
    return True
