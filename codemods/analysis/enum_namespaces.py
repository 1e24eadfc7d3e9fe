"""The namespace an Enum's body fills in a script run (script_classes.py; issue 13): CPython 3.11's
`_EnumDict`, which decides, name by name as the body binds it, what becomes a member.

A name is no member when it is private (the class's mangled `_Cls__x`, which a body's `__x`
becomes), a `_sunder_` or a `__dunder__` name, listed in `_ignore_`, or bound to a descriptor
(a function, a property, a classmethod); every other name is a member, `_hidden` included. A
`_sunder_` name other than Enum's own (`_order_`, `_ignore_`, `_missing_`,
`_generate_next_value_`, ...) raises ValueError; a member name bound again, or a name bound
before and then given a member's value, raises TypeError ("'I' already defined as 1"; the run
writes that text only for a plain earlier value and stops the run otherwise). The functional API
(`Enum("Axis", names)`) fills the same namespace, its names unmangled.

Once the body ran, `EnumType.__new__` drops the `_ignore_` names (and `_ignore_` itself) and
`_order_`, refuses the member names `mro` and `''` (ValueError), and, once the members are made,
compares `_order_` (a str split at commas and spaces), when that is not empty, with the member
names (TypeError).
"""
from __future__ import annotations

from codemods.analysis.host_exprs import LambdaValue, Raised, plain_tree
from codemods.analysis.host_objects import Bail

_ENUM_SUNDERS = frozenset({"_order_", "_generate_next_value_", "_numeric_repr_", "_missing_", "_ignore_",
                           "_iter_member_", "_iter_member_by_value_", "_iter_member_by_def_"})


class EnumBody(dict):
    """The body's namespace: each store checked and sorted as `_EnumDict.__setitem__` does."""

    __slots__ = ("cls_name", "ignore", "mangle", "member_names", "order")

    def __init__(self, cls_name: str, mangle: bool) -> None:
        super().__init__()
        self.cls_name, self.mangle = cls_name, mangle
        self.member_names: list[str] = []
        self.ignore: list[str] = []
        self.order: object = None

    def __setitem__(self, key: str, value: object) -> None:
        real = _mangled(self.cls_name, key) if self.mangle else key
        if real != key and not _private(self.cls_name, real):
            raise Bail  # (a mangled member name the run would store unmangled)
        if _private(self.cls_name, real):
            pass
        elif _sunder(real):
            if real not in _ENUM_SUNDERS:
                raise Raised(ValueError(f"_sunder_ names, such as {real!r}, are reserved for future Enum use"))
            if real == "_ignore_":
                self._set_ignore(value)
            elif real == "_order_":
                self.order = value
        elif _dunder(real):
            if real == "__order__":
                raise Bail  # (the old spelling of `_order_`: not modelled)
        elif real in self.member_names:
            raise Raised(TypeError(f"{real!r} already defined as {_shown(self[key])}"))
        elif real in self.ignore or _descriptor(value):
            pass
        else:
            if key in self:
                raise Raised(TypeError(f"{real!r} already defined as {_shown(self[key])}"))
            self.member_names.append(key)
        super().__setitem__(key, value)

    def _set_ignore(self, value: object) -> None:
        if type(value) is str:
            names = value.replace(",", " ").split()
        elif type(value) in (list, tuple) and all(type(name) is str for name in value):
            names = list(value)
        else:
            raise Bail
        already = set(names) & set(self.member_names)
        if len(already) > 1:
            raise Bail  # (a set's text, in an order the run does not model)
        if already:
            raise Raised(ValueError(f"_ignore_ cannot specify already set names: {already!r}"))
        self.ignore = names


def body_for(node) -> EnumBody:
    """An Enum class statement's namespace (the functional API's, unmangled, for the node
    functional_classes.py makes)."""
    return EnumBody(node.name, not getattr(node, "_sf_functional", False))


def finish(body: EnumBody, mixin: object) -> dict:
    """The class's namespace once the body ran, as EnumType.__new__ keeps it."""
    from codemods.analysis.script_flags import FLAG, INT_FLAG

    if mixin in (FLAG, INT_FLAG) and (body.order is not None or body.ignore):
        raise Bail  # (a Flag's `_order_` leaves out its aliases and multi-bit values: not modelled)
    invalid = [name for name in body.member_names if name in ("mro", "")]
    if len(invalid) > 1:
        raise Bail  # (two names in a set's order)
    if invalid:
        raise Raised(ValueError(f"invalid enum member name(s) {invalid[0]!r}"))
    dropped = set(body.ignore) | {"_ignore_", "_order_"}
    return {key: value for key, value in body.items() if key not in dropped}


def check_order(body: EnumBody) -> None:
    """`_order_` against the members made (no aliases: the run stops at one)."""
    order = body.order
    if order is None:
        return
    if type(order) is str:
        order = order.replace(",", " ").split()
    if type(order) is not list or not all(type(name) is str for name in order):
        raise Bail
    if order and order != body.member_names:  # (an empty `_order_`, "" or [], is checked against nothing)
        raise Raised(TypeError(f"member order does not match _order_:\n  {body.member_names!r}\n  {order!r}"))


def _shown(value: object) -> str:
    if type(value) in (int, float, str, bool, type(None)) or type(value) is tuple and plain_tree(value):
        return repr(value)
    raise Bail  # (a function's repr holds its address: the run does not write it)


def _descriptor(value: object) -> bool:
    from codemods.analysis.bound_members import Desc
    from codemods.analysis.script_values import UFunc, UObj

    if type(value) in (UFunc, Desc, LambdaValue):
        return True
    if type(value) is UObj:
        if any(value.cls.lookup(name) is not None for name in ("__get__", "__set__", "__delete__")):
            return True
        return False
    if type(value).__module__.startswith("codemods"):
        return _bail_unless_plain(value)
    return any(hasattr(type(value), name) for name in ("__get__", "__set__", "__delete__"))


def _bail_unless_plain(value: object) -> bool:
    from codemods.analysis.script_classes import Auto
    from codemods.analysis.script_values import SpecObj

    if type(value) in (Auto, SpecObj):
        return False
    raise Bail  # (an object of the run whose `__get__` the run does not know)


def _mangled(cls_name: str, name: str) -> str:
    stripped = cls_name.lstrip("_")
    if not name.startswith("__") or name.endswith("__") or not stripped:
        return name
    return f"_{stripped}{name}"


def _private(cls_name: str, name: str) -> bool:
    pattern = f"_{cls_name}__"
    return len(name) > len(pattern) and name.startswith(pattern) and not name.endswith("__")


def _sunder(name: str) -> bool:
    return len(name) > 2 and name[0] == name[-1] == "_" and name[1] != "_" and name[-2] != "_"


def _dunder(name: str) -> bool:
    return len(name) > 4 and name[:2] == name[-2:] == "__" and name[2] != "_" and name[-3] != "_"
