"""`inspect.isgenerator(value)`: a test harness's fixture runner asks it of what a fixture
function returned, to tell a `yield` fixture (set up now, torn down later) from a plain one.

Python answers True only for a generator object (`types.GeneratorType`): what calling a module
`def` with a `yield` returns. A coroutine and an async generator are not generators; no instance
of a module class can be one (the type cannot be subclassed). An iterator the run holds without
knowing how it was made (a generator expression and `map(...)` look alike to it) stays unknown.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_generators import GenRun
from codemods.analysis.script_values import Lib


def _is_generator(run, args: list, kwargs: dict) -> bool:
    from codemods.analysis.own_module import _kind

    if len(args) != 1 or kwargs:
        raise Bail  # (TypeError in Python)
    value = args[0]
    if type(value) is GenRun:
        return True
    if isinstance(value, GenRun):
        return False  # (a coroutine or an async generator object)
    kind = _kind(run, value)  # (Bail on what the run cannot name)
    if type(value) is Lib and kind == "other":
        raise Bail  # (a library's object of another kind: not looked into)
    return False


LIBRARY = {"inspect.isgenerator": _is_generator}
