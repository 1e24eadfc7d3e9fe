"""What JAX raises at a stop, caught by the program and raised again (script_run.py,
state_runs.py, script_stops.py; issue 13).

A CliRunner-style entry runs the command in `try: rv = cli.main(...) except Exception as exc:
if not catch: raise; return Result(..., exc, ...)`, and its caller re-raises
`result.exception`; a retry wrapper logs and re-raises. The program still ends with JAX's error
from the stop's line when the caught exception is raised again and nothing swallows it. What
CPython 3.11 does, modelled for the exception JAX raises there (a ValueError, or for a reduced
value combined with a replicated one a direct subclass of Exception; stop_handlers.py):
- the `except` clauses are tried in order: a bare one, `Exception` or `BaseException` catches it
  (both kinds); another builtin exception class, unittest's SkipTest or one the module made
  catches neither;
  `ValueError` catches one kind only, and the run does not tell the kinds apart there (Bail);
- the handler runs with its name bound to the exception; a bare `raise` inside re-raises the
  exception being handled (for any handled exception, not only a stop's);
- the exception is an object the program may store, compare with None and raise again; reading
  its text or anything else of it stops the run (Bail);
- a `with` block of a module class calls `__exit__` as the error leaves it; a stop that left a
  `finally` block, a generator's or a file's `with` block unrun is not followed when caught (Bail);
- when it leaves the module's run, the program ended with JAX's error at the stop: the stop is
  found. After a caught stop the run goes on only in the program's own Python: any further stop
  met is not reported (the program's path after the first error is the run's guess).
"""
from __future__ import annotations

import unittest
from contextlib import contextmanager

from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail


class StopError(Exception):
    """JAX's exception at a stop, as the program holds it."""

    def __init__(self, stop) -> None:
        super().__init__()
        self.stop = stop

    def __str__(self) -> str:
        raise Bail  # (JAX's text: not modelled)

    __repr__ = __str__

    def __getattribute__(self, name: str):
        if name in ("stop", "__class__", "__traceback__", "__cause__", "__context__", "__suppress_context__",
                    "with_traceback", "__init__", "__dict__", "args") or name.startswith("__") and name in dir(Exception):
            return object.__getattribute__(self, name)
        raise Bail


def is_stop(error: object) -> bool:
    return type(error) is StopError


@contextmanager
def handling(run, error: BaseException):
    """While a handler runs: the exception a bare `raise` re-raises."""
    stack = run.__dict__.setdefault("_handling", [])
    stack.append(error)
    try:
        yield
    finally:
        stack.pop()


def handled(run) -> BaseException:
    stack = run.__dict__.get("_handling")
    if not stack:
        raise Bail  # (RuntimeError: no active exception)
    return stack[-1]


@contextmanager
def uncleaned():
    """A block a stop leaves without the clean-up Python would run (a `finally` block, a
    generator's or a file's exit): the program's state after catching it is not the run's."""
    from codemods.analysis.script_values import GatherStop

    try:
        yield
    except GatherStop as stop:
        stop.__dict__["uncleaned"] = True
        raise


def caught(run, node, env, stop) -> None:
    """`try` whose handlers may catch JAX's exception at `stop` (a GatherStop)."""
    if stop.call is None or getattr(stop, "problem", True) is None or stop.__dict__.get("uncleaned"):
        raise Bail
    run.__dict__["_caught_stop"] = True
    run.judge = None  # (later operations are not judged: see above)
    handle(run, node, env, StopError(stop))


def handle(run, node, env, error: StopError) -> None:
    from codemods.analysis.script_exceptions import _made_here

    for handler in node.handlers:
        if handler.type is not None:
            given = run.eval(handler.type, env)
            catches = False
            for kind in given if type(given) is tuple else (given,):
                if kind in (Exception, BaseException):
                    catches = True
                elif kind is ValueError or not (isinstance(kind, type) and issubclass(kind, BaseException)):
                    raise Bail
                elif issubclass(kind, unittest.SkipTest):
                    continue  # (a runner's `except unittest.SkipTest: continue`: no base of JAX's classes)
                elif not issubclass(ValueError, kind) and (kind.__module__ == "builtins" or _made_here(kind)):
                    continue
                else:
                    raise Bail
            if not catches:
                continue
        if handler.name is not None:
            env.vars[handler.name] = error
        with handling(run, error):
            run.block(handler.body, env)
        if handler.name is not None:
            env.vars.pop(handler.name, None)  # (Python deletes the name at the handler's end)
        return
    raise Raised(error)


def exit_type(error: BaseException) -> object:
    """The type an `__exit__` is handed for `error` (unknown for a stop's: entered_objects.py)."""
    from codemods.analysis.script_values import Opaque

    return Opaque() if is_stop(error) else type(error)


def run_module(run) -> None:
    """The module's run; a caught stop raised out of it is the stop the program ends at."""
    from codemods.analysis.script_values import GatherStop

    from codemods.analysis.generator_methods import unclosed
    from codemods.analysis.object_hashes import running

    try:
        with running(run):  # (objects' own `__hash__`/`__eq__` asked by Python's dicts: object_hashes.py)
            run.run_module()
    except Raised as raised:
        if is_stop(raised.error):
            if unclosed(run):
                raise Bail from None  # (a suspended generator's cleanup may have run first: generator_methods.py)
            raise raised.error.stop.with_traceback(None) from None
        raise
    except GatherStop:
        if run.__dict__.get("_caught_stop") or unclosed(run):
            raise Bail from None  # (met after the program caught an earlier one, or a generator's cleanup may have run)
        raise
