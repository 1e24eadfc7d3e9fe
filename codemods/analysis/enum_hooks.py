"""An Enum with its own `__new__` or `__init__` in a script run (script_classes.py; issue 13):
`class Axis(Enum): def __new__(cls, name, size): obj = object.__new__(cls); obj._value_ = name;
obj.size = size; return obj` and `DATA = ("data", 2)`, or `def __init__(self, label, size):
self.label = label`, the members carrying fields beside their value.

What CPython 3.11's EnumType does for each member, in the order they are written: the arguments
are the assigned value (a tuple: its items); the class's own `__new__` makes the member from them
(`object.__new__(cls)` inside gives the member being made), and its `_value_` is what it set, else
the assigned value; then the class's own `__init__` runs on it with the same arguments. Once the
class is made its `__new__` is Enum's (a lookup by value), the def kept as `__new_member__`.
Fields set on a member are its own; reading one that a class member of that name shadows, or a
member whose value equals an earlier one's (an alias), a mixin Enum (`str`, `int`), `auto()`
values or a `__new__` that returns another object stop the run (Bail).
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Bound, Member, UFunc

_KEY = "_enum_member_made"
_UNSET = object()
_SPECIAL = frozenset({"name", "value", "_name_", "_value_", "__class__", "__dict__"})


def has_hooks(attrs: dict) -> bool:
    return "__new__" in attrs or "__init__" in attrs


def made_member(run, cls, name: str, value: object, mixin: object) -> Member:
    """The member `name = value` of cls as its own `__new__` / `__init__` make it."""
    if mixin is not None:
        raise Bail
    args = list(value) if type(value) is tuple else [value]
    new, init = cls.attrs.get("__new__"), cls.attrs.get("__init__")
    made = Member(cls, name, _UNSET)
    if new is not None:
        if type(new) is not UFunc:
            raise Bail
        outer = run.__dict__.get(_KEY)
        run.__dict__[_KEY] = [made, False]
        try:
            returned = run.call(new, [cls, *args], {})
        finally:
            run.__dict__[_KEY] = outer
        if returned is not made:
            raise Bail  # (another object, or a mixin's `__new__`: not modelled)
    if made.value is _UNSET:
        made.value = value
    if init is not None:
        if type(init) is not UFunc or run.call(Bound(init, made), list(args), {}) is not None:
            raise Bail
    return made


def finish(cls) -> None:
    """After the members: the class's `__new__` is Enum's, its own kept as `__new_member__`."""
    if "__new__" in cls.attrs:
        cls.attrs["__new_member__"] = cls.attrs.pop("__new__")


def allocated(run, cls: object, args: list, kwargs: dict) -> Member | None:
    """`object.__new__(cls)` inside the `__new__` making a member of cls: that member."""
    pending = run.__dict__.get(_KEY)
    if pending is None or pending[0].cls is not cls or pending[1]:
        return None
    if args or kwargs:
        raise Bail  # (TypeError: object.__new__ takes exactly one argument)
    pending[1] = True
    return pending[0]


def set_field(member: Member, name: str, value: object) -> None:
    """`obj._value_ = v` in `__new__`, `self.size = v`: the member's own fields."""
    if name == "_value_" and run_building(member):
        member.value = value
        return
    if name in _SPECIAL or name.startswith("__") or member.cls.lookup(name) is not None:
        raise Bail  # (Enum's own properties refuse it; a class member may be a descriptor)
    if member.fields is None:
        member.fields = {}
    member.fields[name] = value


def run_building(member: Member) -> bool:
    return member.value is _UNSET


def field(member: Member, name: str) -> tuple | None:
    """`(value,)` of a field the member holds; None when it has none of that name."""
    if member.fields is None or name not in member.fields:
        return None
    if member.cls.lookup(name) is not None:
        raise Bail
    return (member.fields[name],)
