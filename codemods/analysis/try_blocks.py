"""A `try` statement in a script run (script_run.py; issue 13).

The body runs; an exception of the program goes to the first handler whose classes it is an
instance of (its name bound, a bare `raise` inside re-raising it), else on; the `else` block runs
when the body ends without one; a `finally` block is script_functions.try_finally's. JAX's error
at a stop is caught only where caught_stops.py can tell for certain what the handler does with it
(stop_handlers.py says which handlers may catch it); handlers of classes the run cannot read stop
the run (Bail). The enclosing handlers are tracked while the body runs (narrow_handlers.py).
"""
from __future__ import annotations

import ast

from codemods.analysis import caught_stops, handed_errors
from codemods.analysis.host_exprs import Env, Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.narrow_handlers import hold_handlers, release_handlers
from codemods.analysis.script_functions import try_finally
from codemods.analysis.script_values import GatherStop
from codemods.analysis.stop_handlers import may_catch_stop


def try_block(run, node: ast.Try, env: Env) -> None:
    if node.finalbody:
        return try_finally(run, node, env)  # (script_functions.py)
    entry = hold_handlers(run, node.handlers, env)  # (`guarded`: passed_steps.py, narrow_handlers.py)
    try:
        run.block(node.body, env)
    except GatherStop as stop:
        if node.handlers and may_catch_stop(run, node.handlers, env):
            return caught_stops.caught(run, node, env, stop)  # (Bail unless certain: caught_stops.py)
        raise
    except Raised as raised:
        if caught_stops.is_stop(raised.error):
            return caught_stops.handle(run, node, env, raised.error)
        for handler in node.handlers:
            kinds = [] if handler.type is None else \
                handler.type.elts if type(handler.type) is ast.Tuple else [handler.type]
            caught = _flattened([run.eval(kind, env) for kind in kinds])
            if not all(isinstance(k, type) and issubclass(k, Exception) for k in caught):
                raise Bail from None
            matched = handed_errors.instance_of(raised.error, tuple(caught))  # (a stand-in: handed_errors.py)
            if handler.type is None or (isinstance(raised.error, tuple(caught)) if matched is None else matched):
                if handler.name is not None:
                    env.vars[handler.name] = raised.error
                with caught_stops.handling(run, raised.error):  # (a bare `raise` re-raises it)
                    run.block(handler.body, env)
                return
        raise
    finally:
        release_handlers(run, entry)
    run.block(node.orelse, env)


def _flattened(kinds: list) -> list:
    """The classes of an `except` clause as Python reads them: a tuple it names (`except
    exc_types` of a retry helper's `*exc_types`) stands for its items; a tuple inside it is no
    class (Python raises TypeError: the caller stops)."""
    found = []
    for kind in kinds:
        found.extend(kind if type(kind) is tuple else [kind])
    return found
