"""Whether a sequence the analysis holds is a Python list or a tuple (issue 13, adversarial11).

The analysis holds lists and tuples alike (a TupleValue, or a Const whose payload is a tuple),
but Python tells them apart: `["i", "j"] == ("i", "j")` is False, `("i", "j") in [["i", "j"]]`
is False, `type(["i"]) is list`. So where Python knows the kind the analysis keeps it: a
TupleValue's `kind`, and for a Const payload one of two transparent tuple subclasses (readers
that only want the items see a tuple either way). A plain tuple payload, or `kind` None, means
the kind was not kept: a comparison whose outcome turns on it is not decided (comparisons.py).
"""
from __future__ import annotations

LIST, TUPLE = "list", "tuple"


class ListItems(tuple):
    """The items of a Python list (a Const payload)."""

    __slots__ = ()


class TupleItems(tuple):
    """The items of a real Python tuple (a Const payload)."""

    __slots__ = ()


_PAYLOADS = {LIST: ListItems, TUPLE: TupleItems}


def kinded(items, kind: str | None) -> tuple:
    """The payload holding `items` as a sequence of `kind` (None: not kept)."""
    return _PAYLOADS[kind](items) if kind in _PAYLOADS else tuple(items)


def payload_kind(obj: object) -> str | None:
    kind = type(obj)
    return LIST if kind is ListItems else TUPLE if kind is TupleItems else None


def same_kinds(left: object, right: object) -> bool:
    """Two payloads Python holds as equal are the same value to the analysis only when every
    sequence in them has the same kind (kept or not) in both."""
    if not isinstance(left, tuple):
        return True
    if type(left) is not type(right) or len(left) != len(right):
        return False
    return all(same_kinds(a, b) for a, b in zip(left, right) if isinstance(a, tuple))


def common(left: object, right: object) -> object:
    """A payload that stands for either of two equal payloads: a kind both keep stays, a kind
    they differ on is not kept."""
    if not isinstance(left, tuple) or not isinstance(right, tuple) or len(left) != len(right):
        return left
    items = tuple(common(a, b) for a, b in zip(left, right))
    return type(left)(items) if type(left) is type(right) else tuple(items)
