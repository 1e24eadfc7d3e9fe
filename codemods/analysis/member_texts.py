"""The text of a member of a module's `(str, Enum)` class in a script run (script_classes.py;
issue 13): `class MeshAxis(str, Enum): DATA = "data"` with `def __str__(self): return self.value`,
then `tuple(str(a) for a in (self.example_axis, self.task_axis))` as a collective's axis names.

The run holds such a member as the str it is (script_values.StrMember): comparisons, hashing, dict
keys, `.upper()`, `"-".join(...)` are str's own. Its text is not. On Python 3.11 and later (JAX
0.10 runs on nothing older; measured on 3.11.7):
- `str(m)` runs the class's own `__str__` when it defines one, else Enum's: "MeshAxis.DATA", the
  class and member names (a StrEnum, a ReprEnum, gives its value: repr_enums.py);
- `format(m, spec)`, an f-string's `{m}` and `{m!s}`: Enum's `__format__` formats `str(m)`, so the
  class's own `__str__` shows there too. Python 3.10 formatted the value instead, and a StrEnum
  whose class defines `__str__` formats differently across versions: that stays unknown (None),
  as does a class with its own `__format__`.

A `(str, Enum)` class that defines other special methods (`__eq__`, `__hash__`, `__add__`,
`__init__`, ...) would make its members act unlike the plain str the run holds: making the class
stops the run (check_class), as `_ignore_` does (names that are not members); the static reading
leaves such members unknown (member_hooks.py).
"""
from __future__ import annotations

from codemods.analysis.host_exprs import guard
from codemods.analysis.host_objects import Bail
from codemods.analysis.member_hooks import TEXT_HOOKS
from codemods.analysis.script_values import Bound, StrMember, UFunc


def check_class(attrs: dict) -> None:
    """A `(str, Enum)` class body whose members stay plain strs to everything but their text."""
    if "_ignore_" in attrs or any(name.startswith("__") and name.endswith("__") and name not in TEXT_HOOKS
                                  for name in attrs):
        raise Bail


def _repr_enum(member: StrMember) -> bool:
    return bool(member.cls.node.__dict__.get("_sf_repr_enum"))


def member_str(run, member: StrMember) -> str:
    """`str(member)`."""
    own = member.cls.lookup("__str__")
    if own is None:
        return str(member.value) if _repr_enum(member) else f"{member.cls.node.name}.{member.name}"
    if type(own[1]) is not UFunc:
        raise Bail
    text = run.call(Bound(own[1], member), [], {})
    if type(text) is not str:
        raise Bail  # (a str subclass, or TypeError for anything else)
    return text


def member_format(run, member: StrMember, spec: object) -> str | None:
    """`format(member, spec)` (an f-string's `{member:spec}`); None where it is not certain."""
    if type(spec) is not str or member.cls.lookup("__format__") is not None:
        return None
    if _repr_enum(member):
        return None if member.cls.lookup("__str__") is not None else guard(format, str(member.value), spec)
    return guard(format, member_str(run, member), spec)


def text(run, name: str, args: list, kwargs: dict) -> str | None:
    """`str(member)` or `format(member[, spec])`; None when the call is not one of these."""
    if kwargs or not args or type(args[0]) is not StrMember:
        return None
    if name == "str" and len(args) == 1:
        return member_str(run, args[0])
    if name == "format" and len(args) in (1, 2):
        return member_format(run, args[0], args[1] if len(args) == 2 else "")
    return None


def field(run, member: object, conversion: int, spec: object) -> str | None:
    """An f-string's `{member}` (conversion -1) or `{member!s}`; None for anything else."""
    if type(member) is not StrMember or type(spec) is not str:
        return None
    if conversion == -1:
        return member_format(run, member, spec)
    if conversion == ord("s"):
        return guard(format, member_str(run, member), spec)
    return None
