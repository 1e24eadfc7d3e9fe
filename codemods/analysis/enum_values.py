"""Enum members of the file as values: `ReduceOp.SUM`, `ReduceOp(op)`, `op == ReduceOp.SUM` and
tables keyed by members (`{ReduceOp.SUM: jax.lax.psum, ...}[op]`), the shape of code ported from
torch.distributed.

A member of a plain `Enum` or an `IntEnum` is the object `for op in ReduceOp` meets
(pyvalues.enum_members: distinct literal values, no custom member hooks), so two members are
the same object exactly when their names are. A member of a str Enum already reads as its
string (it equals it and hashes alike), so `Group("intra")` gives "intra" back.

Only what Python decides for certain is read: `Cls(v)` finds the member whose value equals `v`
as Enum's own value map does (none: ValueError, unknown here), `==` / `!=` / `is` between two
members of one class, and a member table only when its keys are distinct members of one class
whose `__eq__` and `__hash__` are Enum's, and its items functions (no arrays: the table is never
a pytree the analysis walks). Anything else stays as the other readers left it.
"""
from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from codemods.dataclass_code import dataclass
from codemods.analysis.scopes import bindings_of
from codemods.analysis.values import UNKNOWN, ClassValue, Const, Function, Instance, JaxName, Partial, Value

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

_KEY_HOOKS = ("__eq__", "__ne__", "__hash__", "__bool__", "__len__")
_TABLE_ITEMS = (Function, Partial, JaxName)
_FLAGS = frozenset({"enum.Flag", "enum.IntFlag"})
# Hooks that make a member's value other than the next number, or its lookup other than by value.
_HOOKS = ("__new__", "__init__", "_generate_next_value_", "_missing_", "_ignore_", "__iter__")


@dataclass(frozen=True, eq=False)
class MemberTable:
    """A dict literal keyed by the members of one Enum class (`names`, in order), each item a
    function: read by subscription with a member (`_OPS[op]`) and by `.get(member)`."""

    cls: ast.ClassDef
    names: tuple[str, ...]
    items: tuple[Value, ...]

    def get(self, key: Value) -> Value | None:
        if not (isinstance(key, Instance) and key.cls is self.cls and key.fields is not None):
            return None
        name = dict(key.fields).get("name")
        if not isinstance(name, Const) or name.value not in self.names:
            return None
        return self.items[self.names.index(name.value)]


def member_name(value: Value, cls: ast.ClassDef | None = None) -> str | None:
    """The member's name when `value` is a member object (of `cls`, when given)."""
    if not isinstance(value, Instance) or value.fields is None or value.building or (cls is not None and value.cls is not cls):
        return None
    fields = dict(value.fields)
    name = fields.get("name")
    if set(fields) != {"name", "value"} or not isinstance(name, Const) or not isinstance(name.value, str):
        return None
    return name.value


class EnumValues:
    """Interpreter hooks, run before PythonValues' (which supplies enum_kind and enum_members)."""

    def _members(self, value: Value) -> list[Instance] | None:
        """The members of an Enum class of the file whose identity decides equality."""
        if not isinstance(value, ClassValue):
            return None
        bindings = bindings_of(value.cls)
        if any(bindings.binds(hook) for hook in _KEY_HOOKS) or value.cls.keywords \
                or any(self.scope.resolve(decorator) != "enum.unique" for decorator in value.cls.decorator_list):
            return None  # `@unique` only checks the values are distinct
        members = self.enum_members(value) or self._auto_members(value.cls)
        return members if members and all(member_name(member, value.cls) for member in members) else None

    def _auto_members(self, cls: ast.ClassDef) -> list[Instance] | None:
        """Members all made by `auto()` in a plain Enum or an IntEnum: 1, 2, 3... in order (the
        default `_generate_next_value_`), so distinct; a mix with literals may alias, and a str
        Enum's lowercased names may collide, so neither is read."""
        if self.enum_kind(cls) != "plain" or any(self.scope.resolve(base) in _FLAGS for base in cls.bases):
            return None
        bindings = bindings_of(cls)
        if any(bindings.binds(name) for name in _HOOKS):
            return None
        members: list[Instance] = []
        for stmt in cls.body:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Pass)) \
                    or type(stmt) is ast.Expr and type(stmt.value) is ast.Constant:
                continue
            if type(stmt) is not ast.Assign or len(stmt.targets) != 1 or type(stmt.targets[0]) is not ast.Name \
                    or stmt.targets[0].id.startswith("_") or bindings.unique_value(stmt.targets[0].id) is None \
                    or type(stmt.value) is not ast.Call or stmt.value.args or stmt.value.keywords \
                    or self.scope.resolve(stmt.value.func) != "enum.auto":
                return None
            members.append(Instance(cls, (("name", Const(stmt.targets[0].id)), ("value", Const(len(members) + 1)))))
        return members or None

    def eval_Attribute(self, expr: ast.Attribute, frame: Frame) -> Value:
        owner = expr.value
        if type(owner) is ast.Name and not expr.attr.startswith("_"):
            cls = self.eval(owner, frame)  # a name: reading it twice is harmless
            if isinstance(cls, ClassValue) and self.enum_kind(cls.cls) == "plain" \
                    and (members := self._members(cls)) is not None:
                found = next((m for m in members if member_name(m) == expr.attr), None) \
                    or self.enum_member_named(cls, expr.attr)  # an alias: the member it names
                if found is not None:
                    return found  # `ReduceOp.SUM`: the member object
        if expr.attr in ("value", "name") and type(owner) is ast.Call and self._enum_call(owner, frame) is not None:
            member = self.eval(owner, frame)  # `Group(group).value`
            return self._member_field(self._enum_call(owner, frame), member, expr.attr)
        return super().eval_Attribute(expr, frame)

    def _enum_call(self, call: ast.Call, frame: Frame) -> ClassValue | None:
        """The Enum class `call` looks a member up in (`ReduceOp(op)`), named plainly."""
        if type(call.func) is not ast.Name or len(call.args) != 1 or call.keywords or type(call.args[0]) is ast.Starred:
            return None
        cls = self.eval(call.func, frame)
        return cls if isinstance(cls, ClassValue) and self._members(cls) is not None else None

    def _member_field(self, cls: ClassValue, member: Value, attr: str) -> Value:
        if self.enum_kind(cls.cls) == "str":  # a str member reads as its value
            if not isinstance(member, Const):
                return UNKNOWN
            if attr == "value":
                return member
            found = next((m for m in self._members(cls) if dict(m.fields)["value"] == member), None)
            return dict(found.fields)["name"] if found is not None else UNKNOWN
        if member_name(member, cls.cls) is None:
            return UNKNOWN
        return dict(member.fields)[attr]

    def call(self, callee: Value, expr: ast.Call | None, args, keywords, starred, frame: Frame) -> Value:
        if isinstance(callee, ClassValue) and (members := self._members(callee)) is not None \
                and len(args) == 1 and not keywords and not starred:
            return self._looked_up(callee, members, args[0][0])
        return super().call(callee, expr, args, keywords, starred, frame)

    def _looked_up(self, cls: ClassValue, members: list[Instance], given: Value) -> Value:
        """`ReduceOp(v)`: the member itself, or the member whose value equals v."""
        text = self.enum_kind(cls.cls) == "str"
        if member_name(given, cls.cls) is not None:
            return given
        if not isinstance(given, Const):
            return UNKNOWN
        for member in members:
            value = dict(member.fields)["value"]
            try:
                equal = type(value.value) in (str, int, float, bool) and value.value == given.value \
                    and hash(value.value) == hash(given.value)
            except TypeError:
                return UNKNOWN
            if equal:
                return value if text else member
        return UNKNOWN  # ValueError at run time: nothing to follow

    def eval_Compare(self, expr: ast.Compare, frame: Frame) -> Value:
        if len(expr.ops) == 1 and isinstance(expr.ops[0], (ast.Eq, ast.NotEq, ast.Is, ast.IsNot)) \
                and all(self._plain_member_syntax(node, frame) for node in (expr.left, expr.comparators[0])):
            left, right = self.eval(expr.left, frame), self.eval(expr.comparators[0], frame)
            names = (member_name(left), member_name(right))
            if None not in names and left.cls is right.cls and self._members(ClassValue(left.cls)) is not None:
                same = names[0] == names[1]
                return Const(same if isinstance(expr.ops[0], (ast.Eq, ast.Is)) else not same)
        return super().eval_Compare(expr, frame)  # names and class attributes: read again harmlessly

    def _plain_member_syntax(self, node: ast.expr, frame: Frame) -> bool:
        """Names, `Cls.NAME` and fields `self.strategy` no def of the class binds (no property):
        reading them twice runs nothing."""
        if type(node) is ast.Name:
            return True
        if type(node) is not ast.Attribute or type(node.value) is not ast.Name:
            return False
        owner = self.eval(node.value, frame)
        return isinstance(owner, ClassValue) or isinstance(owner, Instance) and owner.fields is not None \
            and not owner.building and not any(isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef))
                                               and member.name == node.attr for member in owner.cls.body) \
            and len(owner.cls.bases) == 0 and not owner.cls.decorator_list

    def eval_Dict(self, expr: ast.Dict, frame: Frame) -> Value:
        table = self._member_table(expr, frame)
        return table if table is not None else super().eval_Dict(expr, frame)

    def _member_table(self, expr: ast.Dict, frame: Frame) -> MemberTable | None:
        keys = expr.keys
        if not keys or any(type(key) is not ast.Attribute or type(key.value) is not ast.Name for key in keys) \
                or len({key.value.id for key in keys}) != 1:
            return None
        cls = self.eval(keys[0].value, frame)
        if not isinstance(cls, ClassValue) or self.enum_kind(cls.cls) != "plain" or self._members(cls) is None:
            return None
        names = [member_name(self.eval(key, frame), cls.cls) for key in keys]
        if None in names or len(set(names)) != len(names):
            return None
        items = tuple(self.eval(value, frame) for value in expr.values)
        if not all(isinstance(item, _TABLE_ITEMS) for item in items):
            return UNKNOWN  # evaluated once: the table of other things is not followed
        return MemberTable(cls.cls, tuple(names), items)
