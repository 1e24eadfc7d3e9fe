"""Comparisons of Python values the analysis holds, decided only where Python's answer is
certain (`REDUCE == "sum"`, `AXES == ("i", "j")`, `type(AXES) is list`).

Python tells a list from a tuple (`["i"] == ("i",)` is False); the analysis keeps which one a
sequence is where Python knows it (sequence_kinds.py). A sequence whose kind was not kept is
tried as both: the comparison is decided only when every choice of kinds gives one answer (a
list of different items is unequal to a tuple whatever either is). More than MAX_UNKEPT such
sequences in one comparison: not decided.
"""
from __future__ import annotations

import ast
from itertools import product

from codemods.analysis.sequence_kinds import LIST, TUPLE, payload_kind
from codemods.analysis.values import (
    ClassValue,
    Const,
    DictValue,
    Function,
    Instance,
    is_array,
    JaxName,
    Partial,
    TrueObject,
    TupleValue,
    Value,
    _base_name,
    record_tuple,
)

MAX_UNKEPT = 5
_SCALARS = (str, int, float, bool, type(None))
_COMPARE = {
    ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b, ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b, ast.Gt: lambda a, b: a > b, ast.GtE: lambda a, b: a >= b,
    ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
    ast.Is: lambda a, b: a is b, ast.IsNot: lambda a, b: a is not b,
}
# The builtin types `type(x)` gives for a sequence of a kept kind, and the ones `is` tells apart
# by name (each name is one object).
_BUILTIN_TYPES = frozenset({"builtins.list", "builtins.tuple", "builtins.dict", "builtins.str", "builtins.int",
                            "builtins.float", "builtins.bool", "builtins.set", "builtins.frozenset",
                            "builtins.bytes", "builtins.complex", "builtins.type"})


class _Opaque:
    """Stands for a value no comparison is decided on."""


class _Seq:
    """A sequence of known items: `kind` LIST or TUPLE, or the index of a kind not kept."""

    __slots__ = ("items", "kind")

    def __init__(self, items: list, kind: str | int) -> None:
        self.items, self.kind = items, kind


def sequence_kind(value: Value) -> str | None:
    """LIST or TUPLE where the analysis kept which one `value` is (None otherwise)."""
    if isinstance(value, TupleValue):
        return value.kind
    return payload_kind(value.value) if isinstance(value, Const) else None


def type_of(value: Value) -> Value | None:
    """`type(value)` where it is known: the class of an object of a module class, the builtin
    list or tuple of a sequence of a kept kind (None: not known)."""
    if isinstance(value, Instance):
        return ClassValue(value.cls)  # `type(self).AXIS`
    kind = sequence_kind(value)
    return JaxName("builtins." + kind) if kind is not None else None


def _shape(value: Value, unkept: list) -> object:
    """The comparison's view of a value: a scalar, a _Seq, or _Opaque."""
    if isinstance(value, Instance) and (items := _record_items(value)) is not None:
        return _sequence([_shape(item, unkept) for item in items], TUPLE, unkept)
    if isinstance(value, TupleValue):
        return _sequence([_shape(item, unkept) for item in value.items], value.kind, unkept)
    return _payload(value.value, unkept) if isinstance(value, Const) else _Opaque


def _payload(obj: object, unkept: list) -> object:
    if isinstance(obj, tuple):
        return _sequence([_payload(item, unkept) for item in obj], payload_kind(obj), unkept)
    return obj if isinstance(obj, _SCALARS) else _Opaque


def _sequence(items: list, kind: str | None, unkept: list) -> object:
    if any(item is _Opaque for item in items):
        return _Opaque
    if kind is None:
        unkept.append(None)
        return _Seq(items, len(unkept) - 1)
    return _Seq(items, kind)


def _record_items(value: Instance) -> list[Value] | None:
    """The fields of a NamedTuple object, which compares as the tuple it is, unless its class
    defines a comparison of its own (None: not such an object)."""
    if value.fields is None or any(name == "__items__" for name, _ in value.fields) or any(
            isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name in _ORDERING for stmt in value.cls.body):
        return None
    flat = record_tuple(value)
    if flat is value:
        return None
    return list(flat.items) if isinstance(flat, TupleValue) else [Const(item) for item in flat.value]


_ORDERING = frozenset({"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__contains__", "__hash__"})


def _real(shape: object, kinds: tuple[str, ...]) -> object:
    if type(shape) is not _Seq:
        return shape
    items = [_real(item, kinds) for item in shape.items]
    kind = shape.kind if isinstance(shape.kind, str) else kinds[shape.kind]
    return items if kind == LIST else tuple(items)


def compare_constants(ops: list[ast.cmpop], operands: list[Value]) -> Const | None:
    """`REDUCE == "sum"` with a module constant: the Python result (None: not decided here).
    `is` is decided only against None, True and False (the singletons), between builtin types
    (`type(AXES) is list`) and between a module class and a builtin type (never the same);
    `flags is None` also when `flags` holds an array, a tuple, a dict, a function, a module
    class or an object of one (never None)."""
    if len(ops) == 1 and isinstance(ops[0], (ast.Is, ast.IsNot)) and any(
            isinstance(operand, Const) and operand.value is None for operand in operands) and any(
            is_array(operand) or isinstance(operand, (TupleValue, DictValue, Function, Partial, Instance, ClassValue, TrueObject))
            for operand in operands):  # (`self.after_norm is not None` of a module class's object)
        return Const(isinstance(ops[0], ast.IsNot))
    if len(ops) == 1 and isinstance(ops[0], (ast.Is, ast.IsNot)) and len(operands) == 2 \
            and all(_enum_member(operand) for operand in operands):
        # `factor is Factor.SUM` (enum_reads.py): one member is one object, and distinct values
        # rule out aliases (`==` is left alone: an IntEnum member equals its int)
        same = operands[0].cls is operands[1].cls and operands[0].fields == operands[1].fields
        return Const(same is isinstance(ops[0], ast.Is))
    if len(ops) == 1 and len(operands) == 2 and (same := _same_type(ops[0], *operands)) is not None:
        return Const(same is isinstance(ops[0], (ast.Is, ast.Eq)))
    unkept: list = []
    shapes = [_shape(operand, unkept) for operand in operands]
    if any(shape is _Opaque for shape in shapes) or len(unkept) > MAX_UNKEPT:
        return None
    answers = set()
    for kinds in product((LIST, TUPLE), repeat=len(unkept)):
        answer = _chain(ops, [_real(shape, kinds) for shape in shapes])
        if answer is None:
            return None
        answers.add(answer)
        if len(answers) > 1:
            return None  # the kind the analysis did not keep decides it
    return Const(answers.pop())


def _chain(ops: list[ast.cmpop], values: list[object]) -> bool | None:
    result = True
    for op, left, right in zip(ops, values, values[1:]):
        if isinstance(op, (ast.Is, ast.IsNot)) and not any(v is None or isinstance(v, bool) for v in (left, right)):
            return None
        try:
            result = result and _COMPARE[type(op)](left, right)
        except (TypeError, KeyError):
            return None
    return bool(result)


def _same_type(op: ast.cmpop, left: Value, right: Value) -> bool | None:
    """Whether two classes are one object, where that is known: two builtin types by name, a
    module class and a builtin type never (`is` only: a metaclass may define `==`)."""
    names = [value.name for value in (left, right) if isinstance(value, JaxName) and value.name in _BUILTIN_TYPES]
    if len(names) == 2 and isinstance(op, (ast.Is, ast.IsNot, ast.Eq, ast.NotEq)):
        return names[0] == names[1]
    if len(names) == 1 and isinstance(op, (ast.Is, ast.IsNot)) \
            and any(type(value) is ClassValue for value in (left, right)):
        return False
    return None


def _enum_member(value: Value) -> bool:
    """An object as pyvalues.enum_members builds it: its name and value only, of an Enum class."""
    if not isinstance(value, Instance) or value.fields is None or value.building or len(value.fields) != 2:
        return False
    (name, key), (label, _) = value.fields
    return name == "name" and label == "value" and isinstance(key, Const) and isinstance(key.value, str) \
        and any(_base_name(base) in ("Enum", "IntEnum", "StrEnum") for base in value.cls.bases)
