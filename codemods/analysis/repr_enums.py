"""Members of a module's `enum.IntEnum` class in a script run (script_classes.py; issue 13).

`class Ax(IntEnum): DATA = 0; MODEL = 1` then `NAMES[Ax.MODEL]`, `axes[: Ax.MODEL + 1]`,
`range(Ax.MODEL)`: an IntEnum member is an int, and everything an int does it does as that int
(indexing through `__index__`, arithmetic handing back plain ints, comparisons, hashing as its
value, so it finds and is found as its value in dicts). On Python 3.11+ its `str()` and `format()`
are the int's too (IntEnum is a ReprEnum). What differs: `repr()` (`<Ax.DATA: 0>`, also inside a
container's str), `type()`, `.name`, `.value`, and the class's own members. The run holds it as an
int subclass carrying its class and name; its `repr` stops the run (Bail) rather than print the
int. A class that defines anything of its own but members (methods, dunders, `_missing_`), an
`(int, Enum)` mixin (whose str and format differ across Python versions), or members that are not
ints or `auto()` stops the run, as does an alias (two names of one value).
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail


class IntMember(int):
    """A member of an IntEnum class: the int it is, and its class and name."""

    cls: object
    name: str
    value: int

    def __repr__(self) -> str:
        raise Bail  # (`<Ax.DATA: 0>`: not the int's)

    __str__ = int.__repr__  # (a ReprEnum's str and format are its int's: `str(Ax.DATA)` is "0")

    def __copy__(self):
        return self  # (an Enum member is its own copy)

    def __deepcopy__(self, memo):
        return self

    def __reduce_ex__(self, protocol):
        raise Bail


def int_member(cls, name: str, value: object) -> IntMember:
    if type(value) is not int:
        raise Bail  # (a bool, a float, a tuple given to int(...): not modelled)
    if any(key.startswith("_") or callable_attr(attr) for key, attr in cls.attrs.items()):
        raise Bail  # (methods, hooks or `_missing_` of its own)
    made = IntMember(value)
    made.cls, made.name, made.value = cls, name, value
    return made


def callable_attr(attr: object) -> bool:
    from codemods.analysis.bound_members import Desc
    from codemods.analysis.host_exprs import LambdaValue
    from codemods.analysis.script_values import UFunc

    return type(attr) in (UFunc, Desc, LambdaValue)


def truth(value: IntMember) -> bool:
    return value.value != 0  # (the int's truth: IntEnum takes int's `__bool__`)


def plain(value: object) -> object:
    """An operand of int's own operators: a member as its int (what `int.__add__` computes with)."""
    return int(value) if type(value) is IntMember else value


def as_index(key: object) -> object:
    """A sequence's index or slice with its members read as their ints (`__index__`)."""
    if type(key) is IntMember:
        return int(key)
    if type(key) is slice and IntMember in (type(key.start), type(key.stop), type(key.step)):
        return slice(plain(key.start), plain(key.stop), plain(key.step))
    return key


def member_text(value: object) -> str | None:
    """`str(member)`, `format(member)` of a StrEnum's or IntEnum's member: its value's text (a
    ReprEnum's), unless the class defines its own (then None: not read here)."""
    from codemods.analysis.script_values import StrMember

    if type(value) not in (StrMember, IntMember) or not value.cls.node.__dict__.get("_sf_repr_enum"):
        return None
    if any(value.cls.lookup(name) is not None for name in ("__str__", "__format__")):
        return None
    return str(value.value)
