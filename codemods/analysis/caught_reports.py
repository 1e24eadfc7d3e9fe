"""A handler's report of the exception it caught, in a script run (script_run.py; issue 13).

A grader runs each part in `try: ok = check() except AssertionError: traceback.print_exc();
ok = False`: the failure is printed to stderr and the grading goes on. `traceback.print_exc()`
writes to the real stderr (nothing the run reads back) and `traceback.format_exc()` returns a
text the run does not know; neither raises (an exception whose `str` fails is printed as
"<exception str() failed>"). JAX's own error at a stop (caught_stops.py) stays unread: its text is
not modelled (Bail), nor is a `file=` stream or any other argument.
"""
from __future__ import annotations

from codemods.analysis.caught_stops import is_stop
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Opaque


def _handled(run) -> None:
    stack = run.__dict__.get("_handling") or [None]
    if is_stop(stack[-1]):
        raise Bail  # (JAX's text: not modelled)


def _print_exc(run, args: list, kwargs: dict) -> None:
    if args or kwargs:
        raise Bail
    _handled(run)


def _format_exc(run, args: list, kwargs: dict) -> Opaque:
    if args or kwargs:
        raise Bail
    _handled(run)
    return Opaque()


LIBRARY = {"traceback.print_exc": _print_exc, "traceback.format_exc": _format_exc}
