"""A dataclass's `__post_init__` filling a field left empty (issue 13):

    unshard_plan: tuple = ()

    def __post_init__(self):
        if not self.unshard_plan:
            self.unshard_plan = ((self.shard_axis, 0), ...)

The field then holds the stored value when the test holds for the value the construction gave it,
else that value: read as `expr if not self.f else self.f`, so the interpreter decides the test
from the fields when it can (a constant, a tuple display) and otherwise joins both (unknown where
they differ). Only `if not self.f:` and `if self.f is None:` with that one store as the whole body
and no `else` count; a top-level `self.f = expr` overwrites the field outright.
"""
from __future__ import annotations

import ast


def guarded_field_store(stmt: ast.stmt, receiver: str) -> tuple[ast.Attribute, ast.expr] | None:
    """(the `self.f` target, the value the field ends with) of such an `if`; else None."""
    if type(stmt) is not ast.If or stmt.orelse or len(stmt.body) != 1 or type(stmt.body[0]) is not ast.Assign:
        return None
    store = stmt.body[0]
    target = store.targets[0] if len(store.targets) == 1 else None
    if type(target) is not ast.Attribute or type(target.value) is not ast.Name or target.value.id != receiver:
        return None
    test = stmt.test
    empty = type(test) is ast.UnaryOp and type(test.op) is ast.Not and _same_field(test.operand, target) \
        or type(test) is ast.Compare and len(test.ops) == 1 and type(test.ops[0]) is ast.Is \
        and _same_field(test.left, target) and type(test.comparators[0]) is ast.Constant \
        and test.comparators[0].value is None
    if not empty:
        return None
    kept = ast.Attribute(value=ast.Name(id=receiver, ctx=ast.Load()), attr=target.attr, ctx=ast.Load())
    chosen = ast.IfExp(test=test, body=store.value, orelse=kept)
    ast.copy_location(kept.value, test)
    ast.copy_location(kept, test)
    ast.copy_location(chosen, stmt)
    return target, chosen


def _same_field(node: ast.expr, target: ast.Attribute) -> bool:
    return type(node) is ast.Attribute and node.attr == target.attr and type(node.value) is ast.Name \
        and node.value.id == target.value.id
