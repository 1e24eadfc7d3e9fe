"""Exceptions a caller's handler hands back as a value, followed both ways (state_runs.py; issue 13).

A JAX or NumPy check the run does not model (unchecked_calls.py) inside a `try` whose handler in a
calling function hands the exception back (`return exc`, `return None, exc`, a result dict holding
it, `future.set_exception(exc)`) is taken to pass: that handler is error reporting, not a probe.
That is certain for what the run finds while that `try` is still running (the command it guards
reached the line only by passing the call), but not past it: once the handler has returned, the
caller goes on either way, and it may test what it got back and take a fallback (adversarial19, D).
So each such assumption is numbered; a stop found after the `try` of an assumption has ended is
kept only when the run made again with that call raising (an exception the handler catches)
reaches the same stop, or ends by that very exception escaping the program (a future's `result()`
raising it again: form kc3), as the program then never reaches a later line.

The run made again raises a stand-in: an instance of a class made for it, deriving from the
first of `_KINDS` the handler catches, but the real call raises its own class (a subclass of
one of the check's classes the handler catches) with its own text. So a test of WHICH error came
back (`isinstance(err, TypeError)`, an `except` clause met again, `str(err)`, `err.args`) is
answered only where every class the real one may derive from answers it the same (an
`isinstance` of a base of them all; of a module class, a builtin type or an unrelated class,
as unchecked_calls.py reads a handler); any other stops the run (adversarial21 H), rather than taking the stand-in's branch.
"""
from __future__ import annotations

from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail, Special
from codemods.analysis.script_values import UClass

MAX_AGAIN = 6  # runs made again per run (one per assumption); more: the stop is not certain
_KINDS = (RuntimeError, ValueError, TypeError, IndexError, OverflowError, MemoryError)


def assumed(run, entry: tuple, kinds: list, raised: tuple = _KINDS, again: bool = False) -> None:
    """The step passes because the handlers of `entry` (the innermost one handing the exception
    back, catching `kinds`: classes, [] for a bare handler) report it; in the run made to raise
    at this assumption, the step raises instead (one of `raised`, or of a subclass). `again`: the
    handler is a retry loop's that calls again (retried_calls.py): its run made again is made
    even while that `try` runs at the stop, and a second one after the raised one stops it."""
    made = run.__dict__.setdefault("_handed", [])
    made.append(entry)
    if again:
        if run.judge is None:
            raise Bail  # (a run no run made again checks: script_stops.py)
        run.__dict__.setdefault("_retried", set()).add(len(made) - 1)
        raise_at = run.__dict__.get("_raise_at")
        if raise_at is not None and len(made) - 1 > raise_at:
            raise Bail  # (a further attempt after the raised one: runs not made)
    if run.__dict__.get("_raise_at") == len(made) - 1:
        kind = next((kind for kind in _KINDS if not kinds or any(
            isinstance(found, type) and issubclass(kind, found) for found in kinds)), None)
        if kind is None:
            raise Bail
        error = _stand_in(kind, _candidates(kinds, raised))("a check the run does not model")
        run.__dict__["_handed_error"] = error
        raise Raised(error)


def at_stop(run) -> None:
    """A stop is being raised: which assumptions' `try` blocks are still running (and no
    finalizer's callback may have run: weak_finalizers.py)."""
    from codemods.analysis.weak_finalizers import owners_alive

    owners_alive(run)
    catching = run.__dict__.get("catching", [])
    run.__dict__["_open_at_stop"] = [any(entry is open_ for open_ in catching)
                                     for entry in run.__dict__.get("_handed", [])]


def ended(run) -> list[int]:
    """The assumptions whose `try` had ended when the run met its stop."""
    made = run.__dict__.get("_handed", [])
    open_ = run.__dict__.get("_open_at_stop", [])
    retried = run.__dict__.get("_retried", ())
    return [index for index in range(len(made)) if index in retried or not (index < len(open_) and open_[index])]


def set_raise_at(run, index: int | None) -> None:
    run.__dict__["_raise_at"] = index


def agrees(run, stop, first_stop, escaped, same_stop) -> bool:
    """The run made to raise at an assumption is no counterexample to `first_stop`: it met the
    same stop, or the exception it raised ended the program."""
    if stop is not None:
        return same_stop(first_stop, stop)
    error = run.__dict__.get("_handed_error")
    return error is not None and type(escaped) is Raised and escaped.error is error


def _candidates(kinds: list, raised: tuple) -> tuple:
    """Classes the real exception surely derives from one of: each class the check raises that
    the handler catches, or the handler's class where it is narrower."""
    found = []
    for kind in raised:
        if not kinds:
            found.append(kind)
        for caught in kinds:
            if isinstance(caught, type) and issubclass(kind, caught):
                found.append(kind)
            elif isinstance(caught, type) and issubclass(caught, kind):
                found.append(caught)
    return tuple(found)


def _unknown(self, *args) -> None:
    raise Bail  # (the real exception's text and arguments are not the stand-in's)


def _stand_in(kind: type, candidates: tuple) -> type:
    return type(kind.__name__, (kind,), {"__str__": _unknown, "__repr__": _unknown, "args": property(_unknown),
                                         "__module__": kind.__module__, "_sf_candidates": candidates})


def instance_of(error: object, kinds: tuple) -> bool | None:
    """Whether stand-in `error` is an instance of one of `kinds` (classes the run holds), when
    that holds of the real exception whatever its class; None when `error` is no stand-in."""
    candidates = type(error).__dict__.get("_sf_candidates") if isinstance(error, BaseException) else None
    if candidates is None:
        return None
    classes = []
    for kind in kinds:
        if isinstance(kind, type) and issubclass(kind, BaseException) and not kind.__dict__.get("_sf_module_class", False):
            classes.append(kind)
        elif not isinstance(kind, type) and type(kind) is not UClass \
                and not (type(kind) is Special and kind.name == "builtins.type"):
            raise Bail  # (a library's class the run does not hold)
    if candidates and all(any(issubclass(found, kind) for kind in classes) for found in candidates):
        return True
    if not any(issubclass(found, kind) or issubclass(kind, found) for found in candidates for kind in classes):
        return False  # (a module class, a builtin type, an unrelated class: as unchecked_calls.py reads a handler)
    raise Bail
