"""Exceptions the program defines, raises and catches, in a script run (script_run.py; issue 13).

Experiment runners stop a trial early by raising their own exception from deep inside the
trainable (`session.report(...)` raises `_StopTrial` when the scheduler says stop) and catching it
in the loop that runs the trials (`except _StopTrial: trial.status = "STOPPED"`); plugin layers
raise `NotImplementedError` from a base hook and fall back in the caller. The run models:
- a class statement whose bases are all exception classes (the builtins the run knows, or classes
  made here) and whose body is only a docstring or `pass`: it is made as CPython makes it, a real
  class of that name, so `isinstance` and `except` clauses match it exactly;
- `raise E`, `raise E(args...)` (args plain values, no keywords), `raise err` of an exception
  object the run holds, each optionally `from` another exception or None: the exception
  propagates as Python's would (`Raised`), through the run's `try` statements and frames.
A bare `raise` re-raises the exception being handled (caught_stops.py). Anything else stops the
run (Bail): an exception class with methods or attributes, raising `StopIteration` or a BaseException that is not an Exception (a
generator or the interpreter treats those specially).
"""
from __future__ import annotations

import ast

from codemods.analysis.host_exprs import Raised, guard, plain_tree
from codemods.analysis.host_objects import Bail


# The builtin exception classes a script names beside those every run knows (host_objects.BUILTINS):
# in `except` clauses (a retry wrapper's `except (IOError, TimeoutError)`) and `raise` statements.
ERROR_NAMES = {error.__name__: error for error in (SyntaxError, AttributeError, LookupError, ArithmeticError,
                                                   AssertionError,
                                                   ZeroDivisionError, RuntimeError, NotImplementedError, OSError,
                                                   TimeoutError, ConnectionError, FileNotFoundError, PermissionError,
                                                   BaseException)}
ERROR_NAMES.update(IOError=OSError, EnvironmentError=OSError)


def _is_exception_class(value: object) -> bool:
    return isinstance(value, type) and issubclass(value, Exception) and not issubclass(value, StopIteration)


def _unmodelled(self, *args, **kwargs) -> None:
    raise Bail


def exception_class(node: ast.ClassDef, bases: list) -> type | None:
    """The class `node` makes when it is a plain exception class; None when it is not one."""
    if not bases or not any(isinstance(base, type) and issubclass(base, BaseException) for base in bases):
        return None
    if not all(_is_exception_class(base) for base in bases) or node.decorator_list or node.keywords:
        raise Bail
    body = node.body[1:] if node.body and type(node.body[0]) is ast.Expr and type(node.body[0].value) is ast.Constant \
        and type(node.body[0].value.value) is str else node.body
    namespace = {"__module__": "__main__", "__qualname__": node.name, "_sf_module_class": True}
    if not all(type(stmt) is ast.Pass or type(stmt) is ast.Expr and type(stmt.value) is ast.Constant
               and stmt.value.value is Ellipsis for stmt in body):
        namespace["__init__"] = _unmodelled  # (methods or attributes of its own: caught by type, never made)
    if body is not node.body:
        namespace["__doc__"] = node.body[0].value.value
    return guard(type, node.name, tuple(bases), namespace)


def _exception(run, node: ast.expr, env) -> BaseException:
    if type(node) is ast.Call:
        made = run.eval(node.func, env)
        if not _is_exception_class(made):
            raise Bail
        args, kwargs = run.arguments(node, env)
        if kwargs or not all(plain_tree(arg) for arg in args):
            raise Bail
        return guard(made, *args)
    value = run.eval(node, env)
    if _is_exception_class(value):
        return guard(value)
    if isinstance(value, Exception) and not isinstance(value, StopIteration):
        return value
    raise Bail


def raise_statement(run, node: ast.Raise, env) -> None:
    if node.exc is None:
        from codemods.analysis.caught_stops import handled

        raise Raised(handled(run))  # (a re-raise of the exception being handled: caught_stops.py)
    error = _exception(run, node.exc, env)
    if node.cause is not None:
        cause = run.eval(node.cause, env)
        if cause is not None:
            cause = guard(cause) if _is_exception_class(cause) else cause
            if not isinstance(cause, Exception):
                raise Bail
        error.__cause__ = cause  # (which also suppresses the context, as `raise ... from` does)
    raise Raised(error)


# What an exception the run holds answers as Python's would: the run makes each exception as Python
# does (the builtin class, or the class a plain exception statement makes, called with the
# program's arguments), and `raise ... from` sets `__cause__` (and `__suppress_context__`) as
# Python does; no other statement sets them. `__context__` (set by Python when an exception is
# raised while another is handled) and `__traceback__` are not kept: reading them stops the run.
_EXCEPTION_FIELDS = frozenset({"__cause__", "__suppress_context__", "args", "__class__"})


def exception_attribute(error: Exception, name: str) -> object:
    if name not in _EXCEPTION_FIELDS or isinstance(error, StopIteration) or type(error).__dict__.get("__init__") is _unmodelled:
        raise Bail
    return getattr(error, name)


def own_handlers(run, node: ast.Try, env) -> bool:
    """Every handler of `node` names only exception classes the module made (`except
    HTTPException`): none catches what JAX raises, which derives from none of them."""
    for handler in node.handlers:
        if handler.type is None:
            return False
        for kind in handler.type.elts if type(handler.type) is ast.Tuple else [handler.type]:
            found = run.eval(kind, env)
            if not _made_here(found):
                return False
    return True


def _made_here(kind: object) -> bool:
    return isinstance(kind, type) and kind.__dict__.get("_sf_module_class", False)


def try_star(run, node: ast.TryStar, env) -> None:
    """`try: ... except* E: ...` (a TaskGroup's errors): the body, then the else block when nothing
    was raised; an exception the handlers would sort (an ExceptionGroup's members) is not modelled."""
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
    except Raised:
        raise Bail from None
    finally:
        run.guarded -= 1
    run.block(node.orelse, env)
