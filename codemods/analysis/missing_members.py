"""An Enum called with a value none of its members has, in a script run (script_classes.py;
issue 13): `Mode(" DATA ")` from a config.

Enum's lookup compares the value with each member's, then asks the class's `_missing_`
classmethod (the first in the class's chain, a member-less base Enum's included): the
member it returns is the result, None (or no `_missing_` in the chain: Enum's returns None)
raises ValueError, anything else TypeError (not modelled). The ValueError names the class by its
`__qualname__`, which is its name only for a class statement at the module's top level (or one
made by the functional API): any other stops the run there. A config loader
relies on it twice: a `_missing_` that normalises spelling (`for m in cls: if m.value ==
value.lower()`), and a ValueError its caller turns into a default or an error. Only where
every member's value and the value asked are plain values (compared as Python compares them),
and the class is no Flag (whose own `_missing_` makes pseudo-members), is the answer certain.
"""
from __future__ import annotations

from codemods.analysis.host_exprs import Raised, plain_tree
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Bound, UFunc


def missing_member(run, cls, value: object) -> object:
    """The member `cls(value)` gives when no member's value equals `value`, or its ValueError."""
    from codemods.analysis.script_classes import Desc

    members = list(cls.members.values())
    if not members or not plain_tree(value) or any(type(m).__name__ not in ("Member", "StrMember", "IntMember")
                                                   or not plain_tree(m.value) for m in members):
        raise Bail
    if cls.node.col_offset != 0:
        raise Bail  # (ValueError names the class by `__qualname__`: `Outer.Mode`, `f.<locals>.Mode`)
    found_hook = cls.lookup("_missing_")  # (a member-less base Enum of the module may define it)
    hook = found_hook[1] if found_hook is not None else None
    if hook is None:
        raise Raised(ValueError(f"{value!r} is not a valid {cls.node.name}"))
    if type(hook) is not Desc or hook.kind != "class" or type(hook.func) is not UFunc:
        raise Bail
    found = run.call(Bound(hook.func, cls), [value], {})
    if found is None:
        raise Raised(ValueError(f"{value!r} is not a valid {cls.node.name}"))
    if any(found is member for member in members):
        return found
    raise Bail  # (TypeError, or a member made on the fly: not modelled)
