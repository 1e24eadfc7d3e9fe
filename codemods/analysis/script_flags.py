"""`enum.Flag` classes of the module in a script run (script_classes.py; issue 13).

Options are kept as a Flag (`Diag.LEVELS | Diag.CHECKPOINT`), parsed from config names
(`functools.reduce(operator.or_, (Diag[n.upper()] for n in names))`) and tested with
`Diag.LEVELS in opts`. What a Flag computes (auto values, combined pseudo-members, `in`, truth,
iteration over the class's canonical members, aliases of several bits) is the enum module's: the
run builds the real Flag class from the member values and keeps each value beside the module
class (whose methods and properties the members still read). Operands of another class or type
make Python raise a TypeError, as here.

An `enum.IntFlag` class is made the same way by the real IntFlag: its values are ints as well, so
they combine with ints (`selected & (1 << i)`), equal their ints and index as them.

A Flag class with dunder methods of its own (an `__or__`, a `_missing_`, a boundary) or members
other than ints and `auto()` stops the run (Bail).
"""
from __future__ import annotations

import ast
import enum

from codemods.analysis.host_exprs import Raised, guard
from codemods.analysis.host_objects import Bail

FLAG = "flag"  # (script_classes.py: the Enum "mixin" of a Flag class)
INT_FLAG = "int flag"  # (of an IntFlag class: its values are ints, combined with ints too)


class FlagMember:
    """A value of a module Flag class: a member or a combination of members."""

    __slots__ = ("cls", "real")

    def __init__(self, cls, real: enum.Flag) -> None:
        self.cls, self.real = cls, real

    @property
    def name(self) -> str | None:
        return self.real.name

    @property
    def value(self) -> int:
        return self.real.value

    def __eq__(self, other: object) -> bool:
        if type(other) is FlagMember:
            return self.real is other.real
        if isinstance(self.real, int) and type(other) in (int, bool):
            return self.real == other  # (an IntFlag's value is an int)
        return NotImplemented

    def __index__(self) -> int:
        if isinstance(self.real, int):
            return int(self.real)  # (an IntFlag's: indexes, `int()`, `range()` as its int)
        raise TypeError("not an integer")  # (a Flag's: as Python)

    def __hash__(self) -> int:
        return hash(self.real)

    def __bool__(self) -> bool:
        return bool(self.real)


def make_flags(cls, attrs: dict, auto_type: type, integer: bool = False) -> None:
    """The members of `class Diag(enum.Flag)`, made by the real Flag from their values."""
    from codemods.analysis.script_classes import Desc
    from codemods.analysis.script_values import UFunc
    from codemods.analysis.host_exprs import LambdaValue

    if any(name.startswith("_") for name in attrs):
        raise Bail  # (hooks of its own: `__or__`, `_missing_`; `_ignore_`; a `_name` that is a member)
    named = [(name, value) for name, value in attrs.items()
             if not name.startswith("_") and type(value) not in (UFunc, Desc, LambdaValue)]
    if not named or any(type(value) is not int and type(value) is not auto_type for _, value in named):
        raise Bail
    real = guard(enum.IntFlag if integer else enum.Flag, cls.node.name, [(name, enum.auto() if type(value) is auto_type else value)
                                           for name, value in named])
    for name, _ in named:
        cls.members[name] = attrs[name] = FlagMember(cls, real[name])


def called(cls, value: object) -> FlagMember:
    """`Mode(3)`, `Mode(flags_from_config)`: the real Flag class's lookup of the value, a member,
    a combination of members, or its ValueError (bits no member has, as its boundary decides)."""
    if type(value) is FlagMember and value.cls is cls:
        return value
    if type(value) is not int or value < 0 or cls.lookup("_missing_") is not None:
        raise Bail  # (another class's flag, a str, a `_missing_` of a base; negative bits: not modelled)
    first = next(iter(cls.members.values()))
    return FlagMember(cls, guard(type(first.real), value))


def class_members(cls) -> list:
    """`for flag in Diag`: the canonical members (one bit each, none of value 0), in order."""
    first = next(iter(cls.members.values()))
    return [FlagMember(cls, real) for real in type(first.real)]


def binary(op: type, left: object, right: object) -> object:
    if op not in (ast.BitOr, ast.BitAnd, ast.BitXor):
        raise Bail
    if _integer(left) or _integer(right):
        return _int_binary(op, left, right)
    if type(left) is not FlagMember or type(right) is not FlagMember or left.cls is not right.cls:
        if type(left) in (FlagMember, int, bool, str, float, type(None)) \
                and type(right) in (FlagMember, int, bool, str, float, type(None)):
            raise Raised(TypeError("unsupported operand type(s)"))
        raise Bail
    function = {ast.BitOr: lambda a, b: a | b, ast.BitAnd: lambda a, b: a & b, ast.BitXor: lambda a, b: a ^ b}[op]
    return FlagMember(left.cls, function(left.real, right.real))


def _integer(value: object) -> bool:
    return type(value) is FlagMember and isinstance(value.real, int)


def _int_binary(op: type, left: object, right: object) -> object:
    """`sel & (1 << i)`, `Red.DATA | 4` of an IntFlag: the real IntFlag's operators, which take ints."""
    owner = left if _integer(left) else right
    sides = []
    for side in (left, right):
        if type(side) is FlagMember and side.cls is owner.cls:
            sides.append(side.real)
        elif type(side) in (int, bool):
            sides.append(side)
        else:
            raise Bail  # (another class's flag, another type: not modelled)
    function = {ast.BitOr: lambda a, b: a | b, ast.BitAnd: lambda a, b: a & b, ast.BitXor: lambda a, b: a ^ b}[op]
    made = guard(function, *sides)
    return FlagMember(owner.cls, made) if type(made) is type(owner.real) else made


def contains(left: object, right: FlagMember) -> bool:
    """`Diag.LEVELS in opts`: every bit of the left in the right."""
    if type(left) is not FlagMember or left.cls is not right.cls:
        raise Bail  # (a TypeError on Python 3.11, an int's bits tested on 3.12: not modelled)
    return left.real in right.real


def invert(operand: FlagMember) -> FlagMember:
    return FlagMember(operand.cls, ~operand.real)


def _library(op: type):
    def apply(run, args: list, kwargs: dict) -> object:
        if len(args) != 2 or kwargs or type(args[0]) is not FlagMember or type(args[1]) is not FlagMember:
            raise Bail  # (the dunder called directly hands back NotImplemented for another type)
        return binary(op, args[0], args[1])
    return apply


LIBRARY = {"enum.Flag.__or__": _library(ast.BitOr), "enum.Flag.__and__": _library(ast.BitAnd),
           "enum.Flag.__xor__": _library(ast.BitXor)}
