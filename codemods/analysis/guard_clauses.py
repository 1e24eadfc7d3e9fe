"""Guard clauses on values a script run does not know (script_run.py; issue 13).

Jobs check their configuration against the machine before they build anything:
`if prod(sizes) != jax.device_count(): raise ValueError(f"mesh {spec} needs ...")`, perhaps after
a log line. The run does not know the device count (device_counts.py), so it cannot tell which
way the test goes; but when the branch can only end in the program's own `raise`, a run that
reaches any later line did not take it, exactly as an `assert` on an unknown value is passed
(passed_steps.py). So the run goes on past the `if` (into its `else`, if any), as long as nothing
can catch what the branch raises; otherwise it stops (Bail), as before. Which later lines raise
is then certain for every run that gets there, whatever the unknown was.

What may catch it: a handler of its class (a class the module made catches the program's own
raise, form nla8), a block that swallows (swallowing_blocks.py: suppress, an `__exit__` that may
answer True, a thread's target, forms nla2-nla5), and Python itself for the errors its protocols
catch (`getattr(obj, name, default)` an AttributeError a property raised, form nla7). Under any
handler, the branch must be the `raise` alone, and every handler one that catches no builtin
error: a log line before it, or the test's own truth, may raise something else.

The same holds for a library's input check on NumPy values, `if np.any(w < 0): raise
ValueError(...)`: the test is a NumPy scalar on the host (rank 0: its truth never raises) whose
value the run does not know. A test whose truth the run already chose (unknown_truths.py) or
knows (exact_host_arrays.py) is taken as it is; an array under a trace (its truth raises) or of
another rank is not such a test. When the test's truth is a choice the run makes as it
evaluates it (`not np.allclose(a, a.T)`: unknown_truths.py), the run that chose the way into the
`raise` is one where the program ends there: it is left out (unknown_choices.failed), as an
`assert` that fails is.
"""
from __future__ import annotations

import ast

from codemods.analysis.collected_errors import only_reraising
from codemods.analysis.host_objects import Bail
from codemods.analysis.narrow_handlers import narrow
from codemods.analysis.script_values import Arr, Opaque
from codemods.analysis.task_errors import faith
from codemods.analysis.unknown_choices import failed


# What may come before the branch's `raise`: a log line or a printed message. Anything else might
# change what a later line reads, were the raise swallowed on its way out (a `with suppress(...)`,
# a generator manager's handler, a `return` in a `finally`, none of which `passed` counts).
_REPORTING = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical", "log", "print"})


def _reports(statement: ast.stmt) -> bool:
    if type(statement) is not ast.Expr:
        return False
    value = statement.value
    if type(value) is ast.Constant:
        return True
    func = value.func if type(value) is ast.Call else None
    name = func.attr if type(func) is ast.Attribute else func.id if type(func) is ast.Name else None
    return name in _REPORTING


# What Python itself catches on the way out of the code that raises it, and goes on: `getattr(obj,
# name, default)`, `hasattr` and a class's `__getattr__` an AttributeError a property raised, a
# `for` loop StopIteration from `__next__` and IndexError from an old-style `__getitem__`, a
# ChainMap KeyError from its maps (form nla7).
_PROTOCOL_ERRORS = (AttributeError, StopIteration, StopAsyncIteration, LookupError)


def _raised_class(run, exc: ast.expr, env) -> type:
    """The class the branch's `raise` raises: a builtin or module exception class named directly
    (`raise ConfigError(...)`); anything else stops the run."""
    named = exc.func if type(exc) is ast.Call else exc
    inner = named
    while type(inner) is ast.Attribute:
        inner = inner.value
    if type(inner) is not ast.Name:
        raise Bail
    kind = run.eval(named, env)
    if not isinstance(kind, type) or not issubclass(kind, Exception) or issubclass(kind, _PROTOCOL_ERRORS):
        raise Bail
    return kind


def raises_only(body: list[ast.stmt]) -> bool:
    """The branch is `raise E...` (not a bare re-raise), perhaps after log lines."""
    # (narrower than leaving_calls.leaves: nothing before the raise may change what later lines read)
    return bool(body) and type(body[-1]) is ast.Raise and body[-1].exc is not None \
        and all(_reports(statement) for statement in body[:-1])


def _host_scalar(run, test: object) -> bool:
    """A NumPy scalar of the host whose truth the run neither knows nor has chosen."""
    from codemods.analysis.exact_host_arrays import truth
    from codemods.analysis.unknown_truths import chosen

    return type(test) is Arr and test.host and test.ndim == 0 and not (run.in_body or run.jitted) \
        and truth(test) is None and chosen(run, test) is None


def guard_clause(run, node: ast.If, env) -> None:
    """`if test: ... raise E(...)`: as Python runs it when the test is known; when it is not, as
    the runs that go on took it."""
    plan = run.__dict__.get("_plan")
    before = len(plan.made) if plan is not None else 0
    test = run.eval(node.test, env)
    if type(test) is Opaque or _host_scalar(run, test):
        if not _uncaught(run, node, env, strict=type(test) is not Opaque):
            raise Bail  # (a handler, or a block that swallows, might catch the raise, or what the test's
            # truth or a log line before it raises instead: swallowing_blocks.py)
        faith(run)  # (in an asyncio task: task_errors.py)
        run.block(node.orelse, env)
        return
    taken = run.truth(test)
    if taken and plan is not None and len(plan.made) > before and _uncaught(run, node, env, quiet=True, strict=True):
        failed(run)  # (`a.shape[0] != n or not np.allclose(a, a.T)`: the test's own choice made the
        # program end here; the runs that go on took the other way: unknown_choices.py)
    run.block(node.body if taken else node.orelse, env)


def _uncaught(run, node: ast.If, env, quiet: bool = False, strict: bool = False) -> bool:
    """Nothing may catch what the branch raises (with `quiet`, a class the run cannot name is
    answered False rather than stopping the run; with `strict`, no handler at all may enclose the
    step, not even an awaiting task's: a NumPy value's test may be one Python knows, whose raise
    such a handler would take)."""
    if strict and (getattr(run, "guarded", 0) or run.__dict__.get("catching")) and not only_reraising(run):
        return False  # (a runner's handler that files the error and raises after its loop is none: collected_errors.py)
    try:
        kind = _raised_class(run, node.body[-1].exc, env)
    except Bail:
        if quiet:
            return False
        raise
    return not getattr(run, "guarded", 0) or len(node.body) == 1 and narrow(run) and narrow(run, (kind,))
