"""Tables keyed by the members of an Enum of the file: `LAYOUTS[Stage.WRITE]` of
`LAYOUTS = {Stage.ALIGN: P(...), Stage.WRITE: P(...)}` (SF104's specs).

A member is one object: two keys written `Stage.A` and `Stage.B` are two entries exactly when
the members are distinct, which an Enum guarantees when every member is bound once, to a
literal, and no two literals are equal (an equal value makes the second an alias of the first).
A member key is spelled `MEMBER_KEY + "Stage.WRITE"`, which no plain string key can equal, and a
dict is read by such keys only when each of its keys is a member of that one class (dict_item).
The class must be an `enum.Enum`, or a `str` Enum (`class Stage(str, Enum)`, `StrEnum`) whose
members are all string literals: such a member equals its value as a key (`Stage.TRAIN` finds
`"train"`), so distinct values still make distinct keys, and a table mixing members and plain
strings is not read. It is decorated by nothing, has no metaclass keyword, is derived by no class,
and its name and members are never rebound. (An `int` Enum or an `IntEnum` is not read.)
"""
from __future__ import annotations

from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

MEMBER_KEY = "\x03member:"
_KEY_HOOKS = frozenset({"__eq__", "__hash__", "__new__", "_generate_next_value_", "_missing_"})


def member_key(ctx: FileContext, node: cst.BaseExpression) -> str | None:
    """The key `Stage.WRITE` stands for as a dict key, when it is surely a distinct member."""
    from codemods.analysis.named_axes import _assigned_attributes, _enum_kind, _has_subclass
    from codemods.analysis.local_names import resolve_name

    if not isinstance(node, cst.Attribute) or not isinstance(node.value, cst.Name):
        return None
    binding = resolve_name(ctx, node.value)
    cls = binding.node if binding is not None and binding.kind == "def" else None
    kind = _enum_kind(ctx, cls) if isinstance(cls, cst.ClassDef) else None
    if kind not in ("enum", "str") or cls.decorators or cls.keywords or not _plain_bases(cls, kind) \
            or _has_subclass(ctx, cls) or node.attr.value in _assigned_attributes(ctx):
        return None
    members = _members(cls, strings=kind == "str")
    if members is None or node.attr.value not in members:
        return None
    return f"{MEMBER_KEY}{cls.name.value}.{node.attr.value}"


def _plain_bases(cls: cst.ClassDef, kind: str) -> bool:
    """One Enum base, or `str` and one Enum base (a third base could change equality)."""
    if kind != "str" or len(cls.bases) == 1:
        return len(cls.bases) == 1
    return len(cls.bases) == 2 and any(isinstance(base.value, cst.Name) and base.value.value == "str"
                                       for base in cls.bases)


def written_member(key: cst.BaseExpression) -> str | None:
    """The key a dict literal's `Stage.WRITE` would have, by its text alone (dict_item checks
    that every key names the same class; member_key checks the class at the lookup)."""
    if isinstance(key, cst.Attribute) and isinstance(key.value, cst.Name):
        return f"{MEMBER_KEY}{key.value.value}.{key.attr.value}"
    return None


def _members(cls: cst.ClassDef, strings: bool = False) -> set[str] | None:
    """The member names of a class body of `NAME = <literal>` lines with distinct values (and
    defs); None for anything else. `strings`: every literal a string (a `str` Enum turns `1` into
    `"1"`, which could alias a member written `"1"`)."""
    names, values = set(), set()
    for statement in cls.body.body:
        if isinstance(statement, cst.FunctionDef):
            if statement.name.value in _KEY_HOOKS:
                return None  # members compared or hashed otherwise than by identity or value
            continue
        if not isinstance(statement, cst.SimpleStatementLine):
            return None
        for small in statement.body:
            if isinstance(small, cst.Expr) and isinstance(small.value, cst.SimpleString):
                continue  # a docstring
            if not isinstance(small, cst.Assign) or len(small.targets) != 1 \
                    or not isinstance(small.targets[0].target, cst.Name):
                return None
            name = small.targets[0].target.value
            value = small.value
            if not isinstance(value, (cst.SimpleString, cst.Integer)) or strings and not isinstance(
                    value, cst.SimpleString) or name in names or name.startswith("_"):
                return None
            literal = (type(value).__name__, value.evaluated_value if isinstance(value, cst.SimpleString)
                       else int(value.value, 0))
            if literal in values:
                return None  # an alias of an earlier member
            names.add(name)
            values.add(literal)
    return names or None


def member_name(ctx: FileContext, node: cst.Name, env, bound_only: bool = False) -> cst.BaseExpression | None:
    """The `Stage.WRITE` a local name holds (`fmt = Stage.WRITE`), through the parameters the
    followed calls bind (a class attribute read as a key, not as its value); else None.
    `bound_only`: only a member the followed calls or loop bind."""
    from codemods.analysis.local_names import follow_names
    from codemods.analysis.spec_sources import MAX_HOPS, env_value

    for _ in range(MAX_HOPS):  # through the parameters the followed calls bind
        bound = env_value(ctx, node, env)
        if bound is not None and isinstance(bound[0], cst.Attribute):
            return bound[0]
        if bound is None or not isinstance(bound[0], cst.Name):
            break
        node, env = bound
    if bound_only:
        return None
    held = follow_names(ctx, node)[0] if env_value(ctx, node, env) is None else None
    return held if isinstance(held, cst.Attribute) else None


def enum_members(ctx: FileContext, node: cst.BaseExpression) -> set[str] | None:
    """The member keys iterating the Enum class `node` names gives (`for f in Field`), when each
    member is a distinct one member_key reads; else None."""
    from codemods.analysis.local_names import resolve_name

    if not isinstance(node, cst.Name):
        return None
    binding = resolve_name(ctx, node)
    cls = binding.node if binding is not None and binding.kind == "def" else None
    if not isinstance(cls, cst.ClassDef):
        return None
    names = [small.targets[0].target.value for statement in cls.body.body
             if isinstance(statement, cst.SimpleStatementLine) for small in statement.body
             if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name)]
    keys = set()
    for name in names:  # read as the file would write it, the class and member checked
        key = member_key(ctx, cst.Attribute(value=node, attr=cst.Name(name)))
        if key is None:
            return None
        keys.add(key)
    return keys or None


def member_items(ctx: FileContext, table) -> dict | None:
    """{member key: key node} of a dict literal keyed by distinct members of one Enum class."""
    if not isinstance(table, cst.Dict):
        return None
    items: dict = {}
    for element in table.elements:
        key = member_key(ctx, element.key) if isinstance(element, cst.DictElement) else None
        if key is None or key in items or items and key.split(".")[0] != next(iter(items)).split(".")[0]:
            return None
        items[key] = element.key
    return items or None
