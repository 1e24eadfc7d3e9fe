"""Dates in a script run (script_run.py; issue 13).

A scheduler stand-in takes `start_date=datetime(2026, 11, 1)` and renders a run's date stamp as
`(logical_date or datetime(2026, 12, 1)).strftime("%Y-%m-%d")`. A date, datetime or timedelta made
from numbers (or an ISO text) is the same object on every run, so the run makes the real one, and
reads its fields and calls its methods that depend on nothing else: not `timestamp()` or
`astimezone()` (the machine's time zone), nor `now()` / `today()` (the clock: stdlib_pure.py).
"""
from __future__ import annotations

import datetime


_FIELDS = frozenset({"year", "month", "day", "weekday", "isoweekday", "isoformat", "strftime", "replace",
                     "toordinal", "isocalendar", "ctime"})
_TIMES = frozenset({"hour", "minute", "second", "microsecond", "date", "time", "tzinfo"})
DATE_METHODS = {
    datetime.date: _FIELDS,
    datetime.datetime: _FIELDS | _TIMES,
    datetime.timedelta: frozenset({"days", "seconds", "microseconds", "total_seconds"}),
    datetime.time: _TIMES - {"date", "time"} | {"isoformat", "strftime", "replace"},
}


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
