"""`obj in objects` for the module's own instances, in a script run (script_run.py; issue 13):
a scheduler asks `if trial in ranked[-cut:]`.

Python's `in` on a list or tuple asks each item `item is obj or item == obj`. For instances of
classes that define no `__eq__` (neither class nor a base), `==` is identity. A dataclass's
generated `__eq__` answers NotImplemented for an instance of another class (then identity
decides) and compares the two instances' fields as tuples otherwise: in order, each pair equal
when it is the same object or equal by `==`, the first unequal pair deciding. The run follows
that while the fields it compares are plain values (a trial's id, its config); a class with its own
`__eq__`, a subclass of dict or list (it compares contents), or a field it would compare that
holds anything else (an array, an object) stops the run.
"""
from __future__ import annotations

from codemods.analysis.host_exprs import plain_tree
from codemods.analysis.host_objects import Bail


def identity_member(obj, items) -> bool:
    """`obj in items`: obj and every item instances of the module's classes (UObj)."""
    for one in (obj, *items):
        if one.cls.lookup("__eq__") is not None or one.cls.builtin is not None:
            raise Bail
    return any(item is obj or _equal(item, obj) for item in items)


def _equal(left, right) -> bool:
    if left.cls is not right.cls or left.cls.kind != "dataclass":
        return False  # (NotImplemented both ways: identity, and they are two objects)
    for field in left.cls.fields:
        if field not in left.attrs or field not in right.attrs:
            raise Bail
        a, b = left.attrs[field], right.attrs[field]
        if a is b:
            continue  # (tuple comparison takes the same object as equal)
        if not plain_tree(a) or not plain_tree(b):
            raise Bail
        if a != b:
            return False
    return True
