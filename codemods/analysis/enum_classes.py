"""An Enum class made in a script run (script_classes.py; issue 13): which Enum a class's bases
make (`Enum`, `(str, Enum)`/`StrEnum`, `IntEnum`, `Flag`, `IntFlag`), its `auto()` values, its
members made once the body ran, and a member's reads (`.name`, `.value`, `Stage("train")`).

Kept apart from script_classes.py because an Enum is a concept of its own: `EnumType` decides
members by its own rules (enum_namespaces.py, enum_hooks.py), where a plain class only binds
names. The code moved here unchanged; script_classes.py still hands these names on to its callers.
"""
from __future__ import annotations

from codemods.analysis.script_values import SpecObj, UClass, Member, StrMember, member
from codemods.analysis.missing_members import missing_member
from codemods.analysis.host_exprs import Raised, guard, plain_tree
from codemods.analysis.host_objects import METHODS, Bail
from codemods.analysis.script_flags import FLAG, INT_FLAG, FlagMember, make_flags, called as flag_called
from codemods.analysis.repr_enums import IntMember
from codemods.analysis.member_texts import check_class
from codemods.analysis.enum_next_values import generated
from codemods.analysis.bound_members import bound_member
from codemods.analysis import enum_hooks, enum_namespaces


def make_members(run, cls: UClass, attrs: dict, body, names: list, mixin: object) -> None:
    """The members of an Enum class whose body ran (`attrs`: its namespace, finished)."""
    if mixin in (FLAG, INT_FLAG):
        make_flags(cls, attrs, Auto, mixin == INT_FLAG)  # (script_flags.py)
    else:
        if mixin is str:
            check_class(attrs)  # (special methods of its own: member_texts.py)
        if any(type(value) is Auto for value in attrs.values()) and not generated(run, attrs, names, Auto, body.member_names):
            _resolve_auto(attrs, names, body.member_names)  # (the class's own `_generate_next_value_`: enum_next_values.py)
        hooked = enum_hooks.has_hooks(attrs)  # (its own `__new__` / `__init__`: enum_hooks.py)
        for name, value in list(attrs.items()):
            if name not in body.member_names:
                continue
            made = enum_hooks.made_member(run, cls, name, value, mixin) if hooked else None
            value = made.value if hooked else value
            kinds = {plain_tree(other.value) for other in cls.members.values()} | {plain_tree(value)}
            if not (plain_tree(value) or type(value) is SpecObj) or len(kinds) > 1 \
                    or any(value == other.value for other in cls.members.values()):
                raise Bail  # (an alias of another member, or a value the run cannot compare)
            cls.members[name] = attrs[name] = made or member(cls, name, value, mixin)
        enum_hooks.finish(cls)
        enum_namespaces.check_order(body)


class Auto:
    """`enum.auto()` in an Enum's body: its value is the one the Enum class gives it."""

    __slots__ = ()


def _resolve_auto(attrs: dict, bases: list, member_names: list) -> None:
    """Each `auto()` replaced by what the real Enum (or StrEnum) computes from the members
    before it (`last + 1`, `name.lower()`)."""
    import enum

    if bases not in (["enum.Enum"], ["enum.StrEnum"], ["enum.IntEnum"]) or "_generate_next_value_" in attrs:
        raise Bail  # (`(str, Enum)` and other mixins, or the class's own values for auto(): not modelled)
    members = [(name, value) for name, value in attrs.items() if name in member_names]
    if not all(type(value) is Auto or plain_tree(value) for _, value in members):
        raise Bail
    made = guard({"enum.Enum": enum.Enum, "enum.StrEnum": enum.StrEnum, "enum.IntEnum": enum.IntEnum}[bases[0]], "Members",
                 [(name, enum.auto() if type(value) is Auto else value) for name, value in members])
    for found in made:
        if type(attrs[found.name]) is Auto:
            attrs[found.name] = found.value


def enum_mixin(names: list) -> object:
    """None (`class A(Enum)`), str (`(str, Enum)`, `StrEnum`) or int (`IntEnum`) for an Enum
    class's bases; False for any other class."""
    if names in (["enum.Enum"],):
        return None
    if names in ([str, "enum.Enum"], ["enum.StrEnum"]):
        return str
    if names == ["enum.IntEnum"]:
        return int  # (repr_enums.py)
    if names == ["enum.Flag"]:
        return FLAG  # (script_flags.py)
    if names == ["enum.IntFlag"]:
        return INT_FLAG
    return False


def member_attribute(run, obj, name: str) -> object:
    if name in ("name", "value", "_name_", "_value_"):
        if type(obj) is Member and enum_hooks.run_building(obj):
            raise Bail  # (read inside its own `__new__` before `_value_` is set)
        return getattr(obj, name.strip("_"))
    if type(obj) is Member and (own := enum_hooks.field(obj, name)) is not None:
        return own[0]
    found = obj.cls.lookup(name)
    if found is None:
        if isinstance(obj, str) and name in METHODS[str]:
            return getattr(obj.value, name)
        raise Raised(AttributeError(name))
    return bound_member(found[1], obj, obj.cls)


def enum_member(cls: UClass, value: object, run=None) -> object:
    """`Stage("train")`: the member of that value. A member of the class itself is handed back
    as it is (`MeshAxis(MeshAxis.DATA)`: Enum's own lookup returns it before any value test). A
    value no member has goes to the class's `_missing_` classmethod (its member, or None:
    ValueError), else raises ValueError (missing_members.py)."""
    if type(value) in (Member, StrMember, IntMember) and value.cls is cls:
        return value
    if cls.members and all(type(member) is FlagMember for member in cls.members.values()):
        return flag_called(cls, value)  # (script_flags.py)
    for found in cls.members.values():
        if plain_tree(value) and plain_tree(found.value) and found.value == value:
            return found
    if run is not None:
        return missing_member(run, cls, value)
    raise Bail
