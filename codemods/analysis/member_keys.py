"""`key in table` where key compares by identity and the dict or set is keyed by such objects or
plain values (script_operators.py; issue 13): a lookup table keyed by an Enum of roles, checked
for missing roles (`[r for r in Role if r not in mapping]`), or a bean cache keyed by interfaces
asked for `object` (`if iface not in cls._beans`).

A plain Enum member compares by identity and hashes by its name (Enum's own `__hash__`); a
builtin class or function the run models by name (`object`, `print`) compares and hashes by
identity. The answer is identity against the keys whenever no class involved defines its own
`__eq__` or `__hash__`: the keys are such members, the module's classes and functions (whose
metaclass, if any, defines no `__eq__`: class_metas.py), builtins the run models by name, or
plain values (str, int, tuples of them), which never equal such a key. A StrEnum's members are
strs whose hash is not the str's, so they are left out (they may miss a str key they equal).
"""
from __future__ import annotations

from collections import OrderedDict

from codemods.analysis.host_exprs import plain_tree
from codemods.analysis.host_objects import Special
from codemods.analysis.script_values import Member, UClass, UFunc


def _plain_member(value: object) -> bool:
    return type(value) is Member and value.cls.lookup("__eq__") is None and value.cls.lookup("__hash__") is None


def member_keyed(left: object, right: object) -> bool:
    """Whether `left in right` is decided by identity (see the module docstring)."""
    if type(right) not in (dict, OrderedDict, set, frozenset):
        return False
    if _plain_member(left):
        return all(_plain_member(key) or plain_tree(key) for key in right)
    if type(left) is Special:
        return all(type(key) in (Special, UClass, UFunc) or _plain_member(key) or plain_tree(key) for key in right)
    return False


def member_in(left: object, right: object) -> bool:
    if type(left) is Special:  # (one builtin, which the run may hold as several objects of one name)
        return any(type(key) is Special and key.name == left.name for key in right)
    return any(key is left for key in right)
