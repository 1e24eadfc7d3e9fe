"""Instances of the module's own classes as dict keys and set members in a script run
(script_run.py; issue 13): a registry keyed by `AxisKey("sum")` objects whose `__hash__` and
`__eq__` compare by name, so that looking a new key up finds the entry an equal one stored.

The run holds real dicts and sets, so Python's own dict and set code hashes and compares the
keys; an instance (script_values.UObj) answers that code as the program's class would:
- `hash(obj)`: the `__hash__` found first on the class's MRO, called by the run (its result an
  int, or `hash(value)` of a value the run holds); a class that defines `__eq__` without
  `__hash__` in its own body has `__hash__ = None` (unhashable: TypeError in Python, the run
  stops); a class with neither (nor a base of the module with them) hashes by identity.
- `obj == other` (what a dict or set asks when two hashes are equal, as `list.index` and `in`
  ask): the data model's rich comparison (script_dunders.equality), its truth.
An exception such a hook raises stops the run (Python's dict code may be asked where the run
cannot say which statement sees it: unattributed_exceptions.py). The hash's number only places the key in Python's table: the program reads no order of a set
of objects (the run stops at a walk of a set of anything but ints), and equal hashes stay equal
from run to run, so what is found is what the program finds. `hash(value)` itself is a number
the run does not know (a str's changes from run to run): anything but handing it back from
`__hash__` stops the run. A dataclass's generated `__eq__`/`__hash__` is not modelled (Bail).
"""
from __future__ import annotations

from contextlib import contextmanager

from codemods.analysis import dataclass_equality
from codemods.analysis.host_objects import Bail
from codemods.analysis.unattributed_exceptions import quiet

_RUNS: list = []  # the script run whose code the instances' hooks run in (innermost last)


@contextmanager
def running(run):
    _RUNS.append(run)
    try:
        yield
    finally:
        _RUNS.pop()


def current_run():
    """The script run whose code runs now, or None."""
    return _RUNS[-1] if _RUNS else None


def _run():
    if not _RUNS:
        raise Bail
    return _RUNS[-1]


def _own(cls, names: tuple) -> tuple | None:
    """The first class on cls's MRO whose body defines one of names, and which it defines."""
    for klass in cls.order:
        found = tuple(name for name in names if name in klass.attrs)
        if found:
            return klass, found
    return None


def hash_of(obj) -> int:
    """`hash(obj)` as Python computes it for an instance of a module class."""
    from codemods.analysis.script_values import Bound, UFunc

    cls = obj.cls
    if obj.data is not None:
        raise Bail  # (a builtin's)
    if dataclass_equality.generated(cls, "__hash__"):
        return dataclass_equality.hashed(obj)  # (what `@dataclass` wrote: dataclass_equality.py)
    found = _own(cls, ("__hash__", "__eq__"))
    if found is None:
        return id(obj)  # (object's: by identity)
    klass, names = found
    if "__hash__" not in names:
        raise Bail  # (`__eq__` without `__hash__`: unhashable, TypeError in Python)
    method = klass.attrs["__hash__"]
    if type(method) is not UFunc:
        raise Bail  # (`__hash__ = None`: TypeError; a staticmethod or a callable object)
    result = quiet(lambda: _run().call(Bound(method, obj), [], {}))
    if type(result) is HashOf:
        return result.number
    if type(result) in (int, bool):
        return hash(result)
    raise Bail  # (TypeError in Python)


def equal(obj, other) -> bool:
    """`obj == other` as Python's dict, set, `in` and `list.index` ask it."""
    from codemods.analysis.host_exprs import plain_tree
    from codemods.analysis.script_dunders import equality

    if obj.cls.kind != "dataclass" and _own(obj.cls, ("__eq__",)) is None and (
            type(other) is not type(obj) or other.cls.kind != "dataclass" and _own(other.cls, ("__eq__",)) is None):
        return obj is other  # (object's `__eq__` on both sides: identity)
    if type(other) is not type(obj) and not plain_tree(other):
        raise Bail  # (a value of the analysis, not the program's: its own `==` asked, not the class's)
    run = _run()
    return quiet(lambda: run.truth(equality(run, True, obj, other)))


class HashOf:
    """`hash(value)`: a number the run does not know (this process's), good only as a
    `__hash__` result."""

    __slots__ = ("number",)

    def __init__(self, number: int) -> None:
        self.number = number

    def __eq__(self, other: object) -> bool:
        raise Bail

    def __hash__(self) -> int:
        raise Bail

    def __bool__(self) -> bool:
        raise Bail


def hash_call(args: list, kwargs: dict) -> HashOf:
    """`hash(value)` in the program."""
    from codemods.analysis.cached_calls import hashable
    from codemods.analysis.script_values import UObj

    if len(args) != 1 or kwargs or not (hashable(args[0]) or type(args[0]) is UObj):
        raise Bail
    return HashOf(hash_of(args[0]) if type(args[0]) is UObj else hash(args[0]))  # (its own `__hash__` runs now)
