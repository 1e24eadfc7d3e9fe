"""JAX's error leaving a `for` loop over a generator that is still suspended (script_generators.py;
issue 13).

`for axes in groupings(): reduce(axes)` where `reduce` raises: the loop is left with the generator
suspended at a `yield`. CPython closes it when its last reference goes (as the error unwinds the
loop's frame, or later with the traceback), running its `finally` blocks and `with` exits. Its
close cannot catch the error: an exception raised while closing a freed generator is only printed.
So when nothing catches the error, the program ends with JAX's error from the stop's line, whatever
the clean-up does: the stop is found. When a handler or a `with` exit may catch it, the program goes
on from the state the clean-up left, which the run does not hold: the stop is marked as having left
clean-up code unrun (caught_stops.caught then stops the run, Bail; so does an `__exit__` it reaches,
entered_objects.py), instead of the generator being held as unclosed (generator_methods.py), which
would make any stop uncertain.
"""
from __future__ import annotations

from contextlib import contextmanager


@contextmanager
def leaving(gen):
    """The loop's rounds over generator `gen` (a GenRun)."""
    from codemods.analysis.generator_methods import left_suspended
    from codemods.analysis.script_values import GatherStop

    try:
        yield
    except GatherStop as stop:
        if not gen.done and gen.thread is not None:
            before = dict(_unclosed(gen.run))
            left_suspended(gen)  # (would its close, or another suspended one's, run code?)
            if _unclosed(gen.run).keys() != before.keys():
                _unclosed(gen.run).clear()
                _unclosed(gen.run).update(before)
                mark(stop)
            gen.__dict__["_sf_stopped"] = True  # (its walk's own close leaves it alone: stopped)
        raise


def mark(stop) -> None:
    stop.__dict__["uncleaned"] = True  # (read by caught_stops.caught)
    stop.__dict__["generator_closed"] = True


def closed_generator(stop) -> bool:
    """Whether a suspended generator's close runs before code that sees `stop` (an `__exit__`)."""
    return bool(stop.__dict__.get("generator_closed"))


def stopped(gen) -> bool:
    """Whether `gen` was left by a stop (its close is then accounted for by the stop's mark)."""
    return bool(gen.__dict__.get("_sf_stopped"))


def _unclosed(run) -> dict:
    return run.__dict__.setdefault("_unclosed", {})
