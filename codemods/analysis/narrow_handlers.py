"""Handlers that cannot catch what a step with an unknown outcome raises (passed_steps.py; issue 13).

A test runner calls each test inside `try: case.debug() except unittest.SkipTest: continue`:
an assertion the run cannot decide (`self.assertAllClose(out, expected)` on computed arrays)
either raises AssertionError, which no such handler catches (the program ends there), or passes.
A run that goes on past it is then exact, as it is outside any `try`. A step the run does not
know raises an instance of a builtin or library exception class (AssertionError, ValueError,
TypeError, ...); a handler catches it only through a class that one of those derives from. A
class the module made (script_exceptions.py) and unittest's SkipTest are bases of none of them;
any other class, a bare `except:`, or a handler whose classes the run cannot name may catch it.
"""
from __future__ import annotations

import ast
import contextlib
import unittest

from codemods.analysis.collected_errors import reraised_later
from codemods.analysis.host_objects import Bail


def hold_handlers(run, handlers: list, env) -> tuple:
    """A `try` with `handlers` entered: counted in `guarded` and kept (with the scope its
    handlers' classes are named in) while its body runs."""
    entry = (handlers, env)
    run.guarded += bool(handlers)
    if handlers:
        run.__dict__.setdefault("catching", []).append(entry)
    return entry


def release_handlers(run, entry: tuple) -> None:
    """The `try` of `entry` left."""
    if not entry[0]:
        return
    run.guarded -= 1
    catching = run.__dict__.get("catching", [])
    for index in range(len(catching) - 1, -1, -1):
        if catching[index] is entry:
            del catching[index]
            return


def narrow(run, raises: tuple = ()) -> bool:
    """Every handler enclosing the run's step is one that cannot catch what it may raise (any
    builtin exception, or only instances of the classes `raises` when given)."""
    catching = run.__dict__.get("catching", [])
    if len(catching) != getattr(run, "guarded", 0) or run.__dict__.get("_narrowing"):
        return False  # (handlers counted elsewhere: try*, a generator's own; or asked while reading a handler's class)
    run.__dict__["_narrowing"] = True
    try:
        return _narrow(run, catching, raises)
    finally:
        run.__dict__["_narrowing"] = False


def _narrow(run, catching: list, raises: tuple) -> bool:
    for handlers, env in catching:
        for handler in handlers:
            if reraised_later(run, handler, env):
                continue  # (it files the error and its function raises after the loop: collected_errors.py)
            if type(handler) is not ast.ExceptHandler or handler.type is None:  # (a runner's `except:`: unittest_results.py)
                return False
            for kind in handler.type.elts if type(handler.type) is ast.Tuple else [handler.type]:
                if not _named(kind):
                    return False
                try:
                    named = run.eval(kind, env)
                except Bail:
                    return False
                for found in named if type(named) is tuple else (named,):  # (`except kinds`, a tuple: its classes)
                    if raises:  # (a class the module made catches what the program itself raises)
                        if not (isinstance(found, type) and issubclass(found, Exception)
                                and not any(issubclass(raised, found) for raised in raises)):
                            return False
                    elif not _uncatching(found) or _raised_by_guard(run, found):
                        return False
    return True


@contextlib.contextmanager
def raising(run, node: ast.Raise, env):
    """A guard clause `if unknown: raise E(...)` being passed: its own class (None when the run
    cannot name it) may be one a handler of the module's classes catches, while it runs."""
    exc = node.exc.func if type(node.exc) is ast.Call else node.exc
    try:
        kind = run.eval(exc, env) if _named(exc) else None
    except Bail:
        kind = None
    stack = run.__dict__.setdefault("guard_raises", [])
    stack.append(kind if isinstance(kind, type) and issubclass(kind, BaseException) else None)
    try:
        yield
    finally:
        stack.pop()


def _raised_by_guard(run, kind: type) -> bool:
    """Whether a guard clause being passed may raise an instance of `kind`."""
    return any(raised is None or issubclass(raised, kind) for raised in run.__dict__.get("guard_raises", ()))


def _named(node: ast.expr) -> bool:
    while type(node) is ast.Attribute:
        node = node.value
    return type(node) is ast.Name


def _uncatching(kind: object) -> bool:
    if not isinstance(kind, type) or not issubclass(kind, BaseException):
        return False
    return issubclass(kind, unittest.SkipTest) or kind.__dict__.get("_sf_module_class", False)
