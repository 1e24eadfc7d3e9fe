"""`@dataclass(slots=True)` in a script run (script_classes.py; issue 13).

CPython 3.11's `dataclasses._add_slots` makes a new class from the decorated one: its namespace
without the fields' class attributes (their defaults live on in the generated `__init__`), with
`__slots__` the field names (a slot per field, no `__dict__`, no `__weakref__`). The run reads
that namespace as it reads a plain class's `__slots__` (class_descriptors.slot_names): a store of
another name raises AttributeError, `vars(obj)`, copying and weak references stop the run or
raise as Python, a field read off the class is a member descriptor (stops the run), and a field
never stored raises AttributeError on an instance.

Modelled only where nothing else differs from that: a class without a base of the module (which
slots a base holds, and which class adds a `__dict__`), with no `__slots__` of its own (Python
raises a TypeError) and no `weakref_slot`; a method reading `super()` or `__class__` stops the
run, as its cell names the class the decorator threw away (CPython 3.11 raises a TypeError there).
"""
from __future__ import annotations

import ast

from codemods.analysis.host_objects import Bail


def check_slotted(node: ast.ClassDef, base: object, several: bool) -> None:
    """Where the decorated class is not one `add_slots` converts as modelled: stops the run."""
    if base is not None or several or node.bases:
        raise Bail  # (a base's slots and `__dict__`: not modelled)
    for statement in node.body:
        targets = statement.targets if type(statement) is ast.Assign else \
            [statement.target] if type(statement) is ast.AnnAssign else []
        if any(type(target) is ast.Name and target.id in ("__slots__", "__dict__", "__weakref__") for target in targets):
            raise Bail  # (`__slots__` of its own: TypeError)
        if type(statement) in (ast.FunctionDef, ast.AsyncFunctionDef) and any(
                type(name) is ast.Name and name.id in ("super", "__class__") for name in ast.walk(statement)):
            raise Bail  # (the method's `__class__` cell is the class thrown away)


def add_slots(cls) -> None:
    """The namespace `add_slots` leaves: fields' class attributes dropped, `__slots__` added."""
    for name in cls.fields:
        cls.attrs.pop(name, None)
    cls.attrs["__slots__"] = tuple(cls.fields)
