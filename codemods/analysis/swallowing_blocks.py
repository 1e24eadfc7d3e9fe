"""Blocks whose way out may swallow an exception, in a script run (script_run.py; issue 13).

A step whose outcome the run does not know (an `assert` on the device count, a guard clause
`if n < 16: raise ...`, a JAX call the run does not check: passed_steps.py, guard_clauses.py,
unchecked_calls.py) is passed only where a run that goes on certainly passed it: where its
exception, had it been raised, would end the program. Besides a `try`'s handlers (counted in
`run.guarded` by narrow_handlers.py) and a `finally` that returns (script_functions.try_finally),
Python lets a program go on past such an exception from
- a `with contextlib.suppress(...)` block: the statement after the `with` runs next;
- a `with` on an object whose `__exit__` may return a true value (an "optional feature" guard);
- a `@contextmanager` generator that catches, or leaves by a `finally` or `with` of its own,
  what is thrown in at its `yield`;
- an `ExitStack` holding such an object's exit;
- a thread's target: the exception ends that thread only (threading prints it), and the thread
  that joins it goes on.
Each is counted in `run.guarded` with no handler of its own (`catching` stays as it is), so the
unknown steps inside stop the run (Bail) as inside a handler that may catch anything, and an
unknown `assert` is followed both ways (unknown_truths.asserted). Forms nla2-nla6.
"""
from __future__ import annotations

import ast
import contextlib


@contextlib.contextmanager
def swallowing(run, may: bool = True):
    """Run a block whose way out may swallow an exception."""
    run.guarded = getattr(run, "guarded", 0) + bool(may)
    try:
        yield
    finally:
        run.guarded -= bool(may)


def exit_may_swallow(method: ast.AST) -> bool:
    """An `__exit__` def some return of which may give a true value."""
    from codemods.analysis.entered import _never_suppresses

    return not _never_suppresses(method)


def generator_may_swallow(function: ast.AST) -> bool:
    """A `@contextmanager` generator with a `try` or `with` of its own (around its `yield` or not)."""
    return any(type(node) in (ast.Try, ast.With, ast.TryStar) for node in ast.walk(function))
