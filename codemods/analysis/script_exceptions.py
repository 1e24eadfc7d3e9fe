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

from codemods.analysis.caught_iteration_ends import reraised
from codemods.analysis.device_counts import program_raise
from codemods.analysis.host_exprs import Raised, guard, plain_tree
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Opaque
from codemods.analysis.exception_groups import GROUP_NAMES, group_arguments
from codemods.analysis.exception_inits import construct, field, init_namespace, own_init, own_text, runs_init


# The builtin exception classes a script names beside those every run knows (host_objects.BUILTINS):
# in `except` clauses (a retry wrapper's `except (IOError, TimeoutError)`) and `raise` statements.
ERROR_NAMES = {error.__name__: error for error in (SyntaxError, AttributeError, LookupError, ArithmeticError,
                                                   AssertionError,
                                                   ZeroDivisionError, RuntimeError, NotImplementedError, OSError,
                                                   TimeoutError, ConnectionError, FileNotFoundError, PermissionError,
                                                   OverflowError, FloatingPointError, BaseException)}
ERROR_NAMES.update(IOError=OSError, EnvironmentError=OSError)
ERROR_NAMES.update(GROUP_NAMES, StopIteration=StopIteration)  # (exception_groups.py; an iterator's end)


def _is_exception_class(value: object) -> bool:
    return isinstance(value, type) and issubclass(value, Exception) and not issubclass(value, StopIteration)


def _raisable(value: object) -> bool:
    """A class a `raise` may name: StopIteration too (an iterator's `__next__` ends so; out of a
    generator's body it is a RuntimeError: script_generators.py stops the run there)."""
    return isinstance(value, type) and issubclass(value, Exception)


def exception_value(func: object, args: list, kwargs: dict, run=None) -> BaseException | None:
    """An exception made before it is raised or handed on (`gen.throw(ValueError(...))`,
    `errors.append(ShardError(name))`, `ExceptionGroup("...", errors)`), as a `raise` would make
    it; None when func is no exception class the run makes so."""
    if group_arguments(func, args, kwargs):
        return guard(func, *args)
    if runs_init(func):
        if run is None:
            raise Bail
        return construct(run, func, args, kwargs)  # (its own `__init__`: exception_inits.py)
    if not _is_exception_class(func) or kwargs or not all(plain_tree(arg) for arg in args):
        return None
    return guard(func, *args)


def exception_text(name: str, args: list, kwargs: dict, run=None) -> object:
    """`str(error)`, `repr(error)` of an exception the run holds, by BaseException's own methods
    (its args, plain values); NotImplemented for anything else."""
    if name not in ("str", "repr") or len(args) != 1 or kwargs or not isinstance(args[0], BaseException):
        return NotImplemented
    error = args[0]
    if name == "str" and run is not None and (text := own_text(run, error)) is not NotImplemented:
        return text  # (the class's own `__str__`: exception_inits.py)
    method = "__str__" if name == "str" else "__repr__"
    if getattr(type(error), method) is not getattr(BaseException, method) or not plain_tree(error.args) \
            or isinstance(error, (KeyError, BaseExceptionGroup)):
        raise Bail  # (a text of the class's own; a KeyError's and a group's are their own too)
    return guard(str if name == "str" else repr, error)


def _unmodelled(self, *args, **kwargs) -> None:
    raise Bail


def exception_class(node: ast.ClassDef, bases: list, run=None, env=None) -> type | None:
    """The class `node` makes when it is a plain exception class (or one with only an `__init__`
    of its own: exception_inits.py); None when it is not one."""
    if not bases or not any(isinstance(base, type) and issubclass(base, BaseException) for base in bases):
        return None
    if not all(_is_exception_class(base) for base in bases) or node.decorator_list or node.keywords:
        raise Bail
    body = node.body[1:] if node.body and type(node.body[0]) is ast.Expr and type(node.body[0].value) is ast.Constant \
        and type(node.body[0].value.value) is str else node.body
    namespace = {"__module__": "__main__", "__qualname__": node.name, "_sf_module_class": True}
    if not all(type(stmt) is ast.Pass or type(stmt) is ast.Expr and type(stmt.value) is ast.Constant
               and stmt.value.value is Ellipsis for stmt in body) \
            and ((init := own_init(node, body)) is None or not init_namespace(run, init, env, bases, namespace)):
        namespace["__init__"] = _unmodelled  # (methods or attributes of its own: caught by type, never made)
    if body is not node.body:
        namespace["__doc__"] = node.body[0].value.value
    return guard(type, node.name, tuple(bases), namespace)


def _exception(run, node: ast.expr, env) -> BaseException:
    if type(node) is ast.Call:
        made = run.eval(node.func, env)
        if not _raisable(made):
            raise Bail
        args, kwargs = run.arguments(node, env)
        if group_arguments(made, args, kwargs):
            return guard(made, *args)  # `raise ExceptionGroup("...", errors)` (exception_groups.py)
        if runs_init(made):
            return construct(run, made, args, kwargs)  # (its own `__init__`: exception_inits.py)
        if kwargs or not all(plain_tree(arg) or type(arg) is Opaque and _storing(made) for arg in args):
            raise Bail
        return guard(made, *args)  # (an unknown text is only held: its str and repr stop the run, exception_text)
    value = run.eval(node, env)
    if _raisable(value):
        return construct(run, value, [], {}) if runs_init(value) else guard(value)
    if isinstance(value, Exception):
        return value
    raise Bail


# Builtin classes whose construction only keeps its arguments (no errno, name or value parsed out).
_STORING = frozenset({BaseException, Exception, AssertionError, ValueError, TypeError, RuntimeError, NotImplementedError,
                      LookupError, IndexError, ArithmeticError, ZeroDivisionError, OverflowError})


def _storing(kind: type) -> bool:
    """`kind(*args)` keeps the arguments as they are, whatever they are: a class the module made
    with no body of its own, over builtin classes that do only that."""
    return all(base in _STORING or base is object or _made_here(base) and "__init__" not in base.__dict__
               for base in kind.__mro__)


def raise_statement(run, node: ast.Raise, env) -> None:
    if node.exc is None:
        from codemods.analysis.caught_stops import handled

        reraised(run, error := handled(run))  # (a StopIteration handed to a `try`: caught_iteration_ends.py)
        raise Raised(error)  # (a re-raise of the exception being handled: caught_stops.py)
    error = _exception(run, node.exc, env)
    reraised(run, error)
    if node.cause is not None:
        cause = run.eval(node.cause, env)
        if cause is not None:
            cause = guard(cause) if _is_exception_class(cause) else cause
            if not isinstance(cause, Exception):
                raise Bail
        error.__cause__ = cause  # (which also suppresses the context, as `raise ... from` does)
    program_raise(run, error)  # (it may reject the device count: device_counts.py)
    raise Raised(error)


# What an exception the run holds answers as Python's would: the run makes each exception as Python
# does (the builtin class, or the class a plain exception statement makes, called with the
# program's arguments), and `raise ... from` sets `__cause__` (and `__suppress_context__`) as
# Python does; no other statement sets them. `__context__` (set by Python when an exception is
# raised while another is handled) and `__traceback__` are not kept: reading them stops the run.
_EXCEPTION_FIELDS = frozenset({"__cause__", "__suppress_context__", "args", "__class__"})


def exception_attribute(error: Exception, name: str) -> object:
    if (stored := field(error, name)) is not None:
        return stored[0]  # (what its own `__init__` stored: exception_inits.py)
    if isinstance(error, BaseExceptionGroup) and name in ("exceptions", "message"):
        return getattr(error, name)  # (a group's members and text: exception_groups.py)
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
    """`try: ... except* E: ...` (a TaskGroup's errors, an ExceptionGroup sorted by kind):
    exception_groups.py."""
    from codemods.analysis.exception_groups import try_star as run_try_star

    run_try_star(run, node, env)
