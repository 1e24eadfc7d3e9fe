"""`except*` and exception groups in a script run (script_exceptions.py; issue 13): a launcher
that gathers its workers' failures into an `ExceptionGroup` and sorts them by kind, each handler
choosing the axes a fallback reduces over.

What Python 3.11 does with `try: body except* E1: h1 except* E2: h2 ... else: ...`:
- the body raises e; a bare exception (not a group) is matched as if wrapped in a group of one;
- each handler in turn splits what is left by its classes (`BaseExceptionGroup.split`): the
  matching part, a group, is bound to the handler's name while its body runs (the name is
  unbound after it), and the rest goes on to the next handler;
- when nothing is left and no handler raised, the statement ends there (its `else` block runs
  only when the body raised nothing); when a bare exception is left wholly unhandled, it goes
  on as it was raised.
The run uses Python's own `split` on the exceptions it holds. A group rebuilt of several parts
(a rest that is part of a group, or an exception a handler raises: Python combines them), a
bare `raise` in a handler, a handler class that is not an exception class (or is a group
class: a TypeError), and JAX's error at a stop stop the run (Bail).
"""
from __future__ import annotations

import ast

from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail

GROUP_NAMES = {"ExceptionGroup": ExceptionGroup, "BaseExceptionGroup": BaseExceptionGroup}


def group_arguments(made: object, args: list, kwargs: dict) -> bool:
    """Whether `made(*args, **kwargs)` builds an exception group of exceptions the run holds:
    `ExceptionGroup("message", [ValueError(...), ...])`."""
    return isinstance(made, type) and made in (ExceptionGroup, BaseExceptionGroup) and not kwargs \
        and len(args) == 2 and type(args[0]) is str and type(args[1]) in (list, tuple) and args[1] \
        and all(isinstance(error, Exception) for error in args[1])


def try_star(run, node: ast.TryStar, env) -> None:
    from codemods.analysis import caught_stops
    from codemods.analysis.script_exceptions import own_handlers
    from codemods.analysis.script_values import GatherStop

    if node.finalbody or any(type(n) is ast.Raise and n.exc is None for h in node.handlers for n in ast.walk(h)):
        raise Bail
    run.guarded += 1  # (passed_steps.py)
    try:
        run.block(node.body, env)
    except GatherStop:
        if not own_handlers(run, node, env):
            raise Bail from None  # the program may catch what JAX raises
        raise
    except Raised as raised:
        error = raised.error
        if caught_stops.is_stop(error) or not isinstance(error, Exception):
            raise Bail from None
        run.guarded -= 1
        try:
            return _handle(run, node, env, error)
        finally:
            run.guarded += 1
    finally:
        run.guarded -= 1
    run.block(node.orelse, env)


def _handle(run, node: ast.TryStar, env, error: Exception) -> None:
    bare = not isinstance(error, BaseExceptionGroup)
    left = ExceptionGroup("", [error]) if bare else error
    for handler in node.handlers:
        if left is None:
            break
        kinds = handler.type.elts if type(handler.type) is ast.Tuple else [handler.type]
        classes = tuple(run.eval(kind, env) for kind in kinds)
        if not all(isinstance(k, type) and issubclass(k, Exception) and not issubclass(k, BaseExceptionGroup)
                   for k in classes):
            raise Bail
        matched, left = left.split(classes)
        if matched is None:
            continue
        if handler.name is not None:
            env.vars[handler.name] = matched
        try:
            run.block(handler.body, env)
        except Raised:
            raise Bail from None  # (combined with what is left into a new group)
        finally:
            if handler.name is not None:
                env.vars.pop(handler.name, None)  # (`except* E as e`: e is deleted after the handler)
    if left is None:
        return
    if bare:
        raise Raised(error)
    raise Bail  # (the rest of a group: a new group Python derives from the original)
