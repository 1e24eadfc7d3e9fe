"""Python bools a script run (script_run.py; issue 13) does not know, and the branches they pick.

An autograder checks each part against a reference: `if np.allclose(out, ref, atol=atol):
points = full elif np.allclose(out, ref, atol=100 * atol): points = half else: 0`, or a test
returns `np.allclose(got, want)` and the runner adds `POINTS[name] if ok else 0`. The run does
not know the arrays' values, but it knows what such a check is: a call that either raises (the
program stops there: passed_steps.py) or returns a Python bool, True or False. So the bool is
noted as unknown, and where the program needs it (`if`, `while`, `not`, `and`, `bool(ok)`,
`int(ok)`) the run takes one of its two values as a choice (unknown_choices.py): it is run again
taking the other, and a stop is reported only when every run meets it. The value is taken once:
each later use of the same bool sees the same answer.

Only checks whose result is a Python bool whatever the numbers are: `numpy.allclose`,
`numpy.array_equal`, `numpy.array_equiv` of arrays and plain numbers, outside any trace (on a
tracer NumPy raises), with keyword arguments of plain numbers. Inside a `try` whose handlers may
catch what the check raises (a ValueError for shapes that do not broadcast, a TypeError) the run
stops (Bail): a handler may have taken the program elsewhere.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.narrow_handlers import narrow
from codemods.analysis.script_values import Arr, Opaque
from codemods.analysis.unknown_choices import choose
from codemods.analysis.unknown_numbers import is_number

_KWARGS = {"numpy.allclose": frozenset({"rtol", "atol", "equal_nan"}), "numpy.array_equal": frozenset({"equal_nan"}),
           "numpy.array_equiv": frozenset()}


def unknown_bool(run) -> Opaque:
    """A new Python bool the run does not know (kept alive by the run: its id stays its own)."""
    made = Opaque()
    run.__dict__.setdefault("_bools", {})[id(made)] = [made, None]
    return made


def truth(run, value: object) -> bool | None:
    """The bool `value` stands for, chosen the first time it is needed; None for any other value."""
    if type(value) is not Opaque:
        return None
    entry = run.__dict__.get("_bools", {}).get(id(value))
    if entry is None or entry[0] is not value:
        return None
    if entry[1] is None:
        entry[1] = choose(run, 2) == 0  # (True first; the run is made again taking False)
    return entry[1]


def converted(run, name: str, args: list, kwargs: dict) -> object:
    """`bool(ok)`, `int(ok)`, `float(ok)` of an unknown bool: its chosen value converted;
    NotImplemented for anything else."""
    if name not in ("bool", "int", "float") or len(args) != 1 or kwargs:
        return NotImplemented
    found = truth(run, args[0])
    return NotImplemented if found is None else {"bool": bool, "int": int, "float": float}[name](found)


def _operand(run, value: object) -> bool:
    if type(value) in (int, float, bool):
        return True
    if type(value) is Arr:
        return value.host or not (run.in_body or run.jitted)
    return type(value) is Opaque and is_number(run, value)


def _close_check(name: str):
    return lambda run, args, kwargs: _checked(run, name, args, kwargs)


def _checked(run, name: str, args: list, kwargs: dict) -> Opaque:
    if len(args) != 2 or not set(kwargs) <= _KWARGS[name] or run.in_body or run.jitted:
        raise Bail
    if not all(_operand(run, value) for value in args) \
            or not all(type(value) in (int, float, bool) for value in kwargs.values()):
        raise Bail
    if getattr(run, "guarded", 0) and not narrow(run, (ValueError, TypeError)):
        raise Bail  # (what it may raise could be caught: the program's path is not known)
    return unknown_bool(run)


LIBRARY = {name: _close_check(name) for name in _KWARGS}
