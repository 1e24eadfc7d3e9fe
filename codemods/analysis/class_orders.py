"""The method resolution order of a module class with several bases (script_classes.py; issue 13).

Test suites share helpers through mixins: `class ContextDumpTest(ContextDumpMixin,
AttentionTestBase)` reads `dump_context` from the mixin and `setUpClass` from the base test class.
Python finds an attribute along the class's C3 linearisation (its `__mro__`): the class, then
its bases' orders merged so that every class comes before its own bases and bases keep the order
the class statement gives them. A class statement whose bases admit no such order raises
TypeError: the run stops (Bail) rather than model it.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail


def linearised(cls: object, bases: list) -> tuple:
    """The classes of `cls.__mro__` the run holds (UClass objects; `object` left out), in order."""
    pending = [list(base.order) for base in bases] + [list(bases)]
    merged = [cls]
    while any(pending):
        for chain in pending:
            if not chain:
                continue
            head = chain[0]
            if not any(head in other[1:] for other in pending):
                break
        else:
            raise Bail  # (an inconsistent order: Python's TypeError)
        merged.append(head)
        for chain in pending:
            if chain and chain[0] is head:
                del chain[0]
    return tuple(merged)


def after(cls: object, owner: object) -> tuple:
    """The classes after `owner` in `cls`'s order: where `super()` in a method of `owner` looks."""
    order = cls.order
    if owner not in order:
        raise Bail
    return order[order.index(owner) + 1:]


def find(chain: tuple, name: str) -> tuple | None:
    for klass in chain:
        if name in klass.attrs:
            return klass, klass.attrs[name]
    return None
