"""Ordering instances of the module's own classes in a script run (script_run.py; issue 13):
`a < b`, `sorted(stages)`, `min(candidates)`, `max(a, b)`, `rows.sort()` on objects whose class
defines `__lt__` (or `__gt__`, ..., or one of them completed by `functools.total_ordering`), so
that the object a ranking picks, and the axes it carries, reach the shard_map body.

What Python does, and the run with it:
- `x < y` (and `<=`, `>`, `>=`): the right side's reflected method first (`__gt__` for `<`,
  `__ge__` for `<=`) when its class is a proper subclass of the left's, then the left's own, then
  the right's reflected (even of the same class: a class with only `__gt__` answers `<`); the first result other than NotImplemented is the value (any object,
  its truth read where it is tested). All NotImplemented (no methods: `object`'s) is a TypeError
  in Python: the run stops (Bail), as for any hook that is not a plain def.
- `sorted`, `list.sort`: CPython's sort asks only `a < b`, each answer's truth, in an order
  fixed by its algorithm; the run hands Python's own sort stand-ins whose `<` runs the module's
  method, so the same comparisons run in the same order. `min` asks `item < best`, `max` asks
  `item > best`, from the first item on; the same stand-ins make Python's own min and max ask so.
- `functools.total_ordering` adds, to the class it decorates, the comparisons the class (with its
  bases) does not define other than `object`'s, derived from the first of `__lt__`, `__le__`,
  `__gt__`, `__ge__` it defines (as Python 3.11's functools derives them, asking `==` or `!=`
  where it does).
"""
from __future__ import annotations

import ast

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Bound, RunCallable, UClass, UFunc, UObj

_NAMES = {ast.Lt: "__lt__", ast.LtE: "__le__", ast.Gt: "__gt__", ast.GtE: "__ge__"}
_REFLECTED = {"__lt__": "__gt__", "__le__": "__ge__", "__gt__": "__lt__", "__ge__": "__le__"}
_DEFERRING = (int, float, bool, str, bytes, tuple, list, dict, set, frozenset, type(None))


def handles(left: object, right: object) -> bool:
    return type(left) is UObj or type(right) is UObj


def compare(run, op: type, left: object, right: object) -> object:
    """`left op right` for op one of <, <=, >, >=, with an instance of a module class on a side."""
    name = _NAMES[op]
    reflected = _REFLECTED[name]
    for side in (left, right):
        if type(side) is UObj and side.data is not None or type(side) not in (UObj, *_DEFERRING):
            raise Bail  # (a subclass of a builtin, or a value whose own slots the run does not know)
    if type(left) is UObj and type(right) is UObj and right.cls is not left.cls and right.cls.derives(left.cls):
        asks = [(right, reflected, left), (left, name, right)]
    else:
        asks = [(left, name, right), (right, reflected, left)]
    for this, method, other in asks:
        if type(this) is not UObj:
            continue  # (a builtin answers NotImplemented to an object of a module class)
        done = _ask(run, this, method, other)
        if done is not NotImplemented:
            return done
    raise Bail  # (TypeError in Python)


def _ask(run, obj: UObj, name: str, other: object) -> object:
    found = obj.cls.lookup(name)
    if found is None:
        return NotImplemented
    method = found[1]
    if isinstance(method, Derived):
        return method.run(run, obj, other)
    if type(method) is not UFunc:
        raise Bail  # (`__lt__ = None`, a staticmethod, a callable object: not modelled)
    return run.call(Bound(method, obj), [other], {})


class _Item:
    """A stand-in Python's own sort, min and max compare: its `<` and `>` are the run's."""

    __slots__ = ("run", "value")

    def __init__(self, run, value: object) -> None:
        self.run, self.value = run, value

    def __lt__(self, other: _Item) -> bool:
        return self.run.truth(compare(self.run, ast.Lt, self.value, other.value))

    def __gt__(self, other: _Item) -> bool:
        return self.run.truth(compare(self.run, ast.Gt, self.value, other.value))


def orders(items: list) -> bool:
    """Whether ordering `items` (the whole of what is compared) is this module's to do."""
    return any(type(item) is UObj for item in items)


def ordered(run, name: str, items: list, kwargs: dict) -> object:
    """`sorted(items, reverse=...)`, `min(items)`, `max(items)` (also `min(a, b, ...)`; `default=`
    for an empty iterable) without a key, some item an instance of a module class."""
    if name == "sorted":
        if not set(kwargs) <= {"reverse"} or type(kwargs.get("reverse", False)) is not bool:
            raise Bail
        return [item.value for item in sorted([_Item(run, v) for v in items], reverse=kwargs.get("reverse", False))]
    if not set(kwargs) <= {"default"}:
        raise Bail
    if not items:
        if "default" not in kwargs:
            raise Bail  # (ValueError in Python)
        return kwargs["default"]
    return (min if name == "min" else max)([_Item(run, v) for v in items]).value


def keyed(run, name: str, items: list, keys: list, reverse: bool) -> object:
    """`sorted(items, key=f)`, `min(...)`, `max(...)` whose keys (f of each item, already called
    in order, as sorted calls it) hold an instance of a module class: compared as keys are."""
    order = [_Item(run, key) for key in keys]
    if name == "sorted":
        return [items[i] for i in sorted(range(len(items)), key=order.__getitem__, reverse=reverse)]
    if not items or reverse:
        raise Bail  # (ValueError of an empty sequence; `reverse=` is no keyword of min or max)
    return items[(min if name == "min" else max)(range(len(items)), key=order.__getitem__)]


def sort_in_place(run, holder: list, kwargs: dict) -> None:
    """`items.sort()` (`reverse=` only): sorted, then written back, as CPython's sort leaves it."""
    holder[:] = ordered(run, "sorted", list(holder), kwargs)


class Derived(RunCallable):
    """A comparison `functools.total_ordering` made from the class's root comparison."""

    __slots__ = ("root", "name")

    def __init__(self, root: str, name: str) -> None:
        self.root, self.name = root, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if len(args) != 2 or kwargs or type(args[0]) is not UObj:
            raise Bail
        return self.run(run, args[0], args[1])

    def run(self, run, obj: UObj, other: object) -> object:
        from codemods.analysis.script_dunders import equality

        done = _ask(run, obj, self.root, other)  # (`type(self).__lt__(self, other)`)
        if done is NotImplemented:
            return done
        truth = run.truth(done)
        rule = _DERIVED[(self.root, self.name)]
        if rule == "not":
            return not truth
        if rule == "not-and-ne":
            return False if truth else equality(run, False, obj, other)
        if rule == "or-eq":
            return done if truth else equality(run, True, obj, other)
        if rule == "and-ne":
            return equality(run, False, obj, other) if truth else done
        if rule == "not-or-eq":
            return True if not truth else equality(run, True, obj, other)
        raise Bail


# (root, derived) -> how functools (3.11) derives it: `not r`, `not r and self != other`,
# `r or self == other`, `r and self != other`, `not r or self == other`
_DERIVED = {
    ("__lt__", "__gt__"): "not-and-ne", ("__lt__", "__le__"): "or-eq", ("__lt__", "__ge__"): "not",
    ("__le__", "__ge__"): "not-or-eq", ("__le__", "__lt__"): "and-ne", ("__le__", "__gt__"): "not",
    ("__gt__", "__lt__"): "not-and-ne", ("__gt__", "__ge__"): "or-eq", ("__gt__", "__le__"): "not",
    ("__ge__", "__le__"): "not-or-eq", ("__ge__", "__gt__"): "and-ne", ("__ge__", "__lt__"): "not",
}


def total_ordering(run, args: list, kwargs: dict) -> UClass:
    """`@functools.total_ordering` on a module class: the missing comparisons added to it."""
    if len(args) != 1 or kwargs or type(args[0]) is not UClass or args[0].kind != "plain":
        raise Bail
    cls = args[0]
    roots = [name for name in ("__lt__", "__le__", "__gt__", "__ge__") if cls.lookup(name) is not None]
    if not roots:
        raise Bail  # (ValueError: must define at least one ordering operation)
    if any(type(cls.lookup(name)[1]) not in (UFunc, Derived) for name in roots):
        raise Bail
    root = max(roots)  # (as functools picks it: by name, `__lt__` first)
    for name in ("__lt__", "__le__", "__gt__", "__ge__"):
        if name not in roots:
            cls.attrs[name] = Derived(root, name)
    return cls


class FieldOrder(Derived):
    """A comparison `@dataclass(order=True)` writes: for another instance of exactly the object's
    class, the tuples of both objects' fields compared; NotImplemented for anything else."""

    __slots__ = ()

    def run(self, run, obj: UObj, other: object) -> object:
        from codemods.analysis.host_exprs import guard, plain_tree

        if type(other) is not UObj or other.cls is not obj.cls:
            return NotImplemented
        if any(name not in side.attrs for side in (obj, other) for name in obj.cls.fields):
            raise Bail
        mine, theirs = (tuple(side.attrs[name] for name in obj.cls.fields) for side in (obj, other))
        if not plain_tree(mine) or not plain_tree(theirs):
            raise Bail  # (fields whose own `==` or `<` would run: not followed)
        return guard(getattr(tuple, self.name), mine, theirs)


def add_field_orders(cls: UClass) -> None:
    """`@dataclass(order=True)`: `__lt__`, `__le__`, `__gt__`, `__ge__` set on the class (a class
    defining one of them itself makes dataclasses raise TypeError: not modelled)."""
    if set(_REFLECTED) & set(cls.attrs):
        raise Bail
    for name in _REFLECTED:
        cls.attrs[name] = FieldOrder(name, name)
