"""What `Classes._field_changers` answers when it cannot list field names (issue 13).

`setattr(obj, name, v)`, `vars(obj)` and the like may change any field of any object in place:
every field is then a changer, and `"*"` (in place) is one too. `dataclasses.replace(cfg,
**changes)` and `type(current)(value)` build new objects instead: any field of a copy may differ,
but an object whose fields are known from its construction keeps them, so `"*"` is not a changer.
"""
from __future__ import annotations


class Everything(frozenset):
    def __contains__(self, item: object) -> bool:
        return True


class AnyCopied(frozenset):
    """Any field may differ in a new object; none is changed in place."""

    def __contains__(self, item: object) -> bool:
        return item != "*"
