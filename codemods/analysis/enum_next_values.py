"""`auto()` in an Enum whose body defines `_generate_next_value_` (script_classes.py; issue 13).

Code written before `StrEnum` names its members after themselves with
`def _generate_next_value_(name, start, count, last_values): return name.lower()` in a
`(str, Enum)` class. Python calls that function, as a plain function, when the body assigns
`auto()`: with the member's name, 1, the number of members so far and their values so far. A
`str` mixin then makes the member's value `str(value)`, the same text when the function returned
one (anything else is not modelled); a plain Enum keeps the value as returned.
"""
from __future__ import annotations

from codemods.analysis.host_exprs import plain_tree
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import UFunc

_BASES = (["enum.Enum"], [str, "enum.Enum"], ["enum.StrEnum"])


def generated(run, attrs: dict, bases: list, auto: type, member_names: list) -> bool:
    """Each `auto()` of `attrs` replaced by what the class's own `_generate_next_value_` returns;
    False when the class defines none (the Enum's own rule applies)."""
    func = attrs.get("_generate_next_value_")
    if func is None:
        return False
    names = list(attrs)
    if type(func) is not UFunc or bases not in _BASES:
        raise Bail
    members = [name for name in attrs if name in member_names]  # (`_hidden` included: enum_namespaces.py)
    if members and names.index(members[0]) < names.index("_generate_next_value_"):
        raise Bail  # (defined after a member: Python raises a TypeError once auto() was used)
    values: list = []
    for name in members:
        value = attrs[name]
        if type(value) is auto:
            value = run.call(func, [name, 1, len(values), list(values)], {})
            if bases != ["enum.Enum"] and type(value) is not str:
                raise Bail  # (the str mixin's `str(value)`: not modelled)
            attrs[name] = value
        if not plain_tree(value):
            raise Bail
        values.append(value)
    return True
