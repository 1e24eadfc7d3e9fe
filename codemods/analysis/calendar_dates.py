"""Dates in a script run (script_run.py; issue 13).

A scheduler stand-in takes `start_date=datetime(2026, 11, 1)` and renders a run's date stamp as
`(logical_date or datetime(2026, 12, 1)).strftime("%Y-%m-%d")`. A date, datetime or timedelta made
from numbers (or an ISO text) is the same object on every run, so the run makes the real one, and
reads its fields and calls its methods that depend on nothing else: not `timestamp()` or
`astimezone()` (the machine's time zone), nor `now()` / `today()` (the clock: stdlib_pure.py).
Operators between them and numbers are the real objects' (`start - timedelta(days=1)`): the
result, or the TypeError / OverflowError Python raises there.
"""
from __future__ import annotations

import ast
import datetime
import operator


_FIELDS = frozenset({"year", "month", "day", "weekday", "isoweekday", "isoformat", "strftime", "replace",
                     "toordinal", "isocalendar", "ctime"})
_TIMES = frozenset({"hour", "minute", "second", "microsecond", "date", "time", "tzinfo"})
DATE_METHODS = {
    datetime.date: _FIELDS,
    datetime.datetime: _FIELDS | _TIMES,
    datetime.timedelta: frozenset({"days", "seconds", "microseconds", "total_seconds"}),
    datetime.time: _TIMES - {"date", "time"} | {"isoformat", "strftime", "replace"},
}


_OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
              ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod}


def binary(op: type, left: object, right: object) -> object:
    """`start - timedelta(days=1)`, `span // timedelta(hours=5)`: the real objects' operator, where
    a side is a date, datetime, time or timedelta and the other one of these or a number;
    NotImplemented otherwise (for the caller's other readings)."""
    from codemods.analysis.host_exprs import guard
    from codemods.analysis.host_objects import Bail

    sides = (type(left), type(right))
    if not any(side in DATE_METHODS for side in sides) or not all(side in DATE_METHODS or side in (int, float, bool)
                                                                  for side in sides):
        return NotImplemented
    if op not in _OPERATORS:
        raise Bail
    return guard(_OPERATORS[op], left, right)


def _made(function):
    def make(run, args: list, kwargs: dict) -> object:
        from codemods.analysis.host_exprs import guard, plain_tree
        from codemods.analysis.host_objects import Bail

        if not all(plain_tree(value) for value in (*args, *kwargs.values())):
            raise Bail  # (a tzinfo, a value the run does not know)
        return guard(function, *args, **kwargs)
    return make


LIBRARY = {
    "datetime.datetime": _made(datetime.datetime), "datetime.date": _made(datetime.date),
    "datetime.timedelta": _made(datetime.timedelta), "datetime.time": _made(datetime.time),
    "datetime.datetime.fromisoformat": _made(datetime.datetime.fromisoformat),
    "datetime.date.fromisoformat": _made(datetime.date.fromisoformat),
    "datetime.datetime.strptime": _made(datetime.datetime.strptime),
}
