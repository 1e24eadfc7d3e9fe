"""`functools.cmp_to_key(cmp)` in a script run (script_run.py; issue 13).

A launcher orders its axes with an old-style comparison (`sorted(axes, key=cmp_to_key(by_rank))`).
`cmp_to_key` wraps each item in a key object whose `<` calls `cmp(a, b)` and asks whether the
result is below 0 (`>` above 0, `==` equal to 0, ...), as functools documents. The
run's keys do the same, calling the program's function through the run, so the sort makes the
calls CPython's sort (or `min`, `max`) makes, in its order. A result that is not a number stops
the run.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import RunCallable


class ComparedKey:
    """One item's key: compared by the program's function."""

    __slots__ = ("cmp", "item", "run")

    def __init__(self, run, cmp: object, item: object) -> None:
        self.run, self.cmp, self.item = run, cmp, item

    def _compared(self, other: object) -> int | float:
        if type(other) is not ComparedKey or other.cmp is not self.cmp:
            raise Bail  # (functools compares key objects of one function only: TypeError otherwise)
        made = self.run.call(self.cmp, [self.item, other.item], {})
        if type(made) not in (int, float, bool):
            raise Bail
        return made

    def __lt__(self, other: object) -> bool:
        return self._compared(other) < 0

    def __gt__(self, other: object) -> bool:
        return self._compared(other) > 0

    def __le__(self, other: object) -> bool:
        return self._compared(other) <= 0

    def __ge__(self, other: object) -> bool:
        return self._compared(other) >= 0

    def __eq__(self, other: object) -> bool:
        return self._compared(other) == 0

    __hash__ = None  # type: ignore[assignment]  (the key objects of functools are unhashable)


def compared(keys: list) -> bool:
    """`keys` are all made by `cmp_to_key` (compared by the program's function)."""
    return all(type(key) is ComparedKey for key in keys)


class KeyMaker(RunCallable):
    __slots__ = ("cmp",)

    def __init__(self, cmp: object) -> None:
        self.cmp = cmp

    def __call__(self, run, args: list, kwargs: dict) -> ComparedKey:
        if len(args) != 1 or kwargs:
            raise Bail
        return ComparedKey(run, self.cmp, args[0])


def _cmp_to_key(run, args: list, kwargs: dict) -> KeyMaker:
    if len(args) != 1 or kwargs:
        raise Bail
    return KeyMaker(args[0])


LIBRARY = {"functools.cmp_to_key": _cmp_to_key}
