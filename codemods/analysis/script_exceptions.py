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
Anything else stops the run (Bail): an exception class with methods or attributes, a bare
`raise` (re-raise), raising `StopIteration` or a BaseException that is not an Exception (a
generator or the interpreter treats those specially).
"""
from __future__ import annotations

import ast

from codemods.analysis.host_exprs import Raised, guard, plain_tree
from codemods.analysis.host_objects import Bail


def _is_exception_class(value: object) -> bool:
    return isinstance(value, type) and issubclass(value, Exception) and not issubclass(value, StopIteration)


def exception_class(node: ast.ClassDef, bases: list) -> type | None:
    """The class `node` makes when it is a plain exception class; None when it is not one."""
    if not bases or not any(isinstance(base, type) and issubclass(base, BaseException) for base in bases):
        return None
    if not all(_is_exception_class(base) for base in bases) or node.decorator_list or node.keywords:
        raise Bail
    body = node.body[1:] if node.body and type(node.body[0]) is ast.Expr and type(node.body[0].value) is ast.Constant \
        and type(node.body[0].value.value) is str else node.body
    if not all(type(stmt) is ast.Pass or type(stmt) is ast.Expr and type(stmt.value) is ast.Constant
               and stmt.value.value is Ellipsis for stmt in body):
        raise Bail  # (methods or attributes of its own)
    namespace = {"__module__": "__main__", "__qualname__": node.name}
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
        raise Bail  # (a re-raise: the exception being handled is not kept)
    error = _exception(run, node.exc, env)
    if node.cause is not None:
        cause = run.eval(node.cause, env)
        if cause is not None:
            cause = guard(cause) if _is_exception_class(cause) else cause
            if not isinstance(cause, Exception):
                raise Bail
        error.__cause__ = cause  # (which also suppresses the context, as `raise ... from` does)
    raise Raised(error)


def passes_jax_error(run, handler: ast.ExceptHandler, env) -> bool:
    """True when `handler` certainly does not catch the error JAX raises at a stop: it names only
    exception classes the program made (exception_class above). JAX's errors are instances of
    JAX's and Python's classes, never of the program's, whatever the program derived its class
    from; a bare `except`, `except Exception` or `except ValueError` may catch one."""
    if handler.type is None:
        return False
    kinds = handler.type.elts if type(handler.type) is ast.Tuple else [handler.type]
    made = [run.eval(kind, env) for kind in kinds]
    return all(_is_exception_class(kind) and kind.__module__ == "__main__" for kind in made)
