"""`Union[...]` and `Optional[...]` over the module's classes in a script run (held_hints.py;
issue 13): a type alias of an "enterprise" module, `AxisSpec = Union[Axis, Tuple[Axis, ...]]`
with Axis an Enum of the module, written once at import and read by no code that computes.

CPython flattens nested unions, drops repeated arguments (by `==` and hash) and gives the one
argument back when only one is left; `Optional[X]` is `Union[X, None]`. The arguments whose `==`
is identity without running the program's code are classes (a module class, whose metaclass the
run models defines no `__eq__`; a builtin type; an array class of the libraries, one per name) and
None; at most one other argument (a held hint, a type variable) is kept, as comparing two of
those is not followed. The union is held as a HeldHint whose origin is `typing.Union`.
"""
from __future__ import annotations

import typing

from codemods.analysis.host_objects import Bail


def _identity_part(value: object) -> bool:
    from codemods.analysis.annotated_hints import is_class
    from codemods.analysis.abc_bases import abc_only
    from codemods.analysis.script_values import UClass

    if type(value) is UClass:
        return value.meta is None or abc_only(value.meta) or is_class(value)  # (a module metaclass: no `__eq__`)
    return value is None or is_class(value) and isinstance(value, type)


def union(holder: object, parts: tuple) -> object:
    """`Union[parts]` / `Optional[part]` as CPython builds it, or Bail."""
    from codemods.analysis.held_hints import HeldHint

    if holder is typing.Optional:
        if len(parts) != 1:
            raise Bail  # (TypeError)
        parts = (parts[0], None)
    flat: list = []
    for part in parts:
        if type(part) is HeldHint and part.origin is typing.Union:
            flat.extend(part.args)
        else:
            flat.append(type(None) if part is None else part)
    if any(part is Ellipsis or type(part) is list for part in flat):
        raise Bail  # (TypeError)
    kept: list = []
    for part in flat:
        if _identity_part(part):
            if not any(part is other for other in kept):
                kept.append(part)
        elif any(not _identity_part(other) for other in kept):
            raise Bail  # (two arguments compared by their own `==`: not followed)
        else:
            kept.append(part)
    if len(kept) == 1:
        return kept[0]
    return HeldHint(typing.Union, tuple(kept))
