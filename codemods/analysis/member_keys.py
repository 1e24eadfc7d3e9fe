"""`role in mapping` where role is a member of a plain Enum of the module and the dict or set is
keyed by such members or plain values (script_operators.py; issue 13): a lookup table keyed by an
Enum of roles, checked for missing roles (`[r for r in Role if r not in mapping]`).

A plain Enum member compares by identity and hashes by its name (Enum's own `__hash__`): the
answer is identity against the keys whenever no class involved defines its own `__eq__` or
`__hash__`, and plain keys (str, int, tuples of them) never equal a member. A StrEnum's members
are strs whose hash is not the str's, so they are left out (they may miss a str key they equal).
"""
from __future__ import annotations

from collections import OrderedDict

from codemods.analysis.host_exprs import plain_tree
from codemods.analysis.script_values import Member


def _plain_member(value: object) -> bool:
    return type(value) is Member and value.cls.lookup("__eq__") is None and value.cls.lookup("__hash__") is None


def member_keyed(left: object, right: object) -> bool:
    """Whether `left in right` is decided by identity (see the module docstring)."""
    return _plain_member(left) and type(right) in (dict, OrderedDict, set, frozenset) \
        and all(_plain_member(key) or plain_tree(key) for key in right)


def member_in(left: Member, right: object) -> bool:
    return any(key is left for key in right)
