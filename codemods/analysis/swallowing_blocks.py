"""Blocks whose way out may swallow an exception, in a script run (script_run.py; issue 13).

A step whose outcome the run does not know (an `assert` on the device count, a guard clause
`if n < 16: raise ...`, a JAX call the run does not check: passed_steps.py, guard_clauses.py,
unchecked_calls.py) is passed only where a run that goes on certainly passed it: where its
exception, had it been raised, would end the program. Besides a `try`'s handlers (counted in
`run.guarded` by narrow_handlers.py) and a `finally` that returns (script_functions.try_finally),
Python lets a program go on past such an exception from
- a `with contextlib.suppress(...)` block: the statement after the `with` runs next;
- a `with` on an object whose `__exit__` may return a true value (an "optional feature" guard);
- a `@contextmanager` generator suspended at its `yield` inside a `try` with handlers, a
  `finally` that leaves or a block that swallows (its own count above its consumer's);
- an `ExitStack` holding such an object's exit;
- a thread's target: the exception ends that thread only (threading prints it), and the thread
  that joins it goes on; an asyncio task no consumer carries on from (task_errors.py).
`suppress` is held as a handler of its classes (`except kinds: pass`), read as any handler is;
each other is counted in `run.guarded` with no handler of its own (`catching` stays as it is), so
the unknown steps inside stop the run (Bail) as inside a handler that may catch anything, and an
unknown `assert` is followed both ways (unknown_truths.asserted). Forms nla2-nla6, nla10.
"""
from __future__ import annotations

import ast
import contextlib


@contextlib.contextmanager
def suppressing(run, kinds: tuple):
    """Run the block of `contextlib.suppress(*kinds)`: as inside `try: ... except kinds: pass`, a
    handler the checks of unknown steps read (narrow_handlers.py, unchecked_calls.py)."""
    from codemods.analysis.host_exprs import Env
    from codemods.analysis.narrow_handlers import hold_handlers, release_handlers

    if not all(isinstance(kind, type) for kind in kinds):
        with swallowing(run):  # (a class the run holds as a UClass: any exception may be swallowed)
            yield
        return
    names = [f"_sf_suppressed_{index}" for index in range(len(kinds))]
    env = Env(None, frozenset(names))
    env.vars.update(zip(names, kinds))
    kind = ast.Tuple([ast.Name(name, ast.Load()) for name in names], ast.Load())
    entry = hold_handlers(run, [ast.ExceptHandler(kind, None, [ast.Pass()])], env)
    try:
        yield
    finally:
        release_handlers(run, entry)


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
