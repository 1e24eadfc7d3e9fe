"""Python's method resolution order over the module's own classes (issue 13): mixins combined in
one class (`class SigLIPLoss(LogitsMixin, SigmoidLossMixin)`) find a method in the first class
of the C3 linearization whose body binds it.

Known only when every class involved names its bases by plain names of module classes (or
`object`), has no metaclass or class keywords (but those a hook that only files takes, hook_marks.py), and the linearization exists (Python raises
TypeError at the class statement otherwise); None for anything else.
"""
from __future__ import annotations

import ast

from codemods.analysis.hook_marks import plain_keywords

_MAX_CLASSES = 16


def linearization(classes: dict[str, ast.ClassDef], cls: ast.ClassDef, depth: int = 0) -> list[ast.ClassDef] | None:
    """`cls` and its module ancestors in the order Python searches them (`object` left out)."""
    if not plain_keywords(cls) or depth > _MAX_CLASSES:
        return None
    bases = []
    for base in cls.bases:
        if type(base) is ast.Name and base.id == "object" or getattr(base, "_shardfix_neutral", False):
            continue  # `abc.ABC` brings no attribute (object_methods.mark_neutral_bases)
        if type(base) is not ast.Name or classes.get(base.id) is None:
            return None
        bases.append(classes[base.id])
    orders = []
    for base in bases:
        order = linearization(classes, base, depth + 1)
        if order is None:
            return None
        orders.append(list(order))
    orders.append(list(bases))
    merged = [cls]
    while any(orders):
        head = next((order[0] for order in orders if order and not any(order[0] in other[1:] for other in orders)), None)
        if head is None or len(merged) > _MAX_CLASSES:
            return None  # no consistent order: Python rejects the class
        merged.append(head)
        orders = [order[1:] if order and order[0] is head else order for order in orders]
    return merged
