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
  on as it was raised;
- what handlers raise again by a bare `raise` (their last statement: a validation step's
  `except* ValueError: print(...); raise`) and what no handler matched go on as the original
  group cut down to those leaves (a new group of the same structure and messages).
The run uses Python's own `split` on the exceptions it holds. A group rebuilt of several parts
(an exception a handler raises: Python combines it with the rest), a bare `raise` anywhere but
as the last statement of a handler (or of a naked exception), a handler class that is not an exception class (or is a group
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

    if node.finalbody:
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
    again: list = []  # (the leaves handlers raised again by a bare `raise`)
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
        body, reraise = handler.body, _ends_in_reraise(handler)
        if reraise:
            body = body[:-1]  # (its last statement, run below)
        if bare and reraise or any(type(n) is ast.Raise and n.exc is None for n in ast.walk(ast.Module(body, []))):
            raise Bail  # (a naked exception raised again, a `raise` inside a block: not modelled)
        if handler.name is not None:
            env.vars[handler.name] = matched
        try:
            run.block(body, env)
        except Raised:
            raise Bail from None  # (combined with what is left into a new group)
        finally:
            if handler.name is not None:
                env.vars.pop(handler.name, None)  # (`except* E as e`: e is deleted after the handler)
        if reraise:
            again.extend(_leaves(matched))
    if left is None and not again:
        return
    if bare:
        raise Raised(error)
    # What CPython raises (`_PyExc_PrepReraiseStar`): the original group cut down, by the
    # identity of its leaves, to those raised again and those no handler matched, its
    # structure and messages kept (checked on 3.11.7 against the real statement).
    kept = {id(leaf) for leaf in again} | ({id(leaf) for leaf in _leaves(left)} if left is not None else set())
    derived = error.split(lambda leaf: not isinstance(leaf, BaseExceptionGroup) and id(leaf) in kept)[0]
    if any(raised is error for raised in run.__dict__.get("_raises", ())):
        run.__dict__["_raises"].append(derived)  # (the program's own raise, as it was: device_counts.py)
    raise Raised(derived)


def _ends_in_reraise(handler: ast.ExceptHandler) -> bool:
    last = handler.body[-1]
    return type(last) is ast.Raise and last.exc is None


def _leaves(group: BaseExceptionGroup) -> list:
    found = []
    for item in group.exceptions:
        found.extend(_leaves(item) if isinstance(item, BaseExceptionGroup) else [item])
    return found
