"""A field `__init__` stores once and other methods only update in place by arithmetic (SF104's
inputs): a gradient-accumulation buffer `self.buf = zeros()` with `def add(self, g): self.buf =
self.buf + g` (or `self.buf += g`). Every value the field ever holds is the stored one combined
with the update's other operand, so when each such operand is laid out as the stored value (or is
a Python number), the field keeps that layout whichever updates ran, in any order and any number
of times. Any other store of the attribute anywhere in the file leaves the field unknown.
"""
from __future__ import annotations

from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

# Operators that combine two arrays of one layout into an array of that layout.
_KEEPING = ("Add", "Subtract", "Multiply", "Divide")


def layout_updates(cls: cst.ClassDef) -> dict[str, list[cst.BaseExpression]]:
    """For each attribute a plain method of `cls` (not `__init__`) updates as `self.attr =
    self.attr OP other` or `self.attr OP= other` at its top level: the `other` operands."""
    found: dict[str, list[cst.BaseExpression]] = {}
    for method in cls.body.body:
        if not isinstance(method, cst.FunctionDef) or method.name.value == "__init__" or method.decorators \
                or not isinstance(method.body, cst.IndentedBlock):
            continue
        params = [*method.params.posonly_params, *method.params.params]
        if not params:
            continue
        me = params[0].name.value
        if _rebinds(method.body, me):
            continue
        for line in method.body.body:
            for small in line.body if isinstance(line, cst.SimpleStatementLine) else ():
                update = _update(small, me)
                if update is not None:
                    found.setdefault(update[0], []).append(update[1])
    return found


def _update(small: cst.BaseSmallStatement, me: str) -> tuple[str, cst.BaseExpression] | None:
    if isinstance(small, cst.AugAssign) and _field(small.target, me) \
            and type(small.operator).__name__[:-len("Assign")] in _KEEPING:
        return small.target.attr.value, small.value
    if not isinstance(small, cst.Assign) or len(small.targets) != 1 or not _field(small.targets[0].target, me):
        return None
    attr = small.targets[0].target.attr.value
    value = small.value
    if not isinstance(value, cst.BinaryOperation) or type(value.operator).__name__ not in _KEEPING:
        return None
    if _field(value.left, me, attr):
        return attr, value.right
    if _field(value.right, me, attr) and type(value.operator).__name__ in ("Add", "Multiply"):
        return attr, value.left
    return None


def _rebinds(body: cst.CSTNode, name: str) -> bool:
    """Whether some statement may bind `name` (the receiver then names another object)."""
    for node in _walk(body):
        targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else \
            [node.target] if isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For, cst.NamedExpr)) else \
            [item.asname.name for item in node.items if item.asname is not None] if isinstance(node, cst.With) else \
            [node.name] if isinstance(node, (cst.FunctionDef, cst.ClassDef)) else []
        if any(isinstance(t, cst.Name) and t.value == name or isinstance(t, (cst.Tuple, cst.List)) and any(
                isinstance(e.value, cst.Name) and e.value.value == name for e in t.elements) for t in targets):
            return True
        if isinstance(node, (cst.Global, cst.Nonlocal, cst.Del)):
            return True
    return False


def _walk(node: cst.CSTNode):
    yield node
    for child in node.children:
        yield from _walk(child)


def _field(node: cst.BaseExpression, me: str, attr: str | None = None) -> bool:
    return isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == me \
        and (attr is None or node.attr.value == attr)


def updated_operands(ctx: FileContext, cls: cst.ClassDef, attr: str, stores: int) -> list[cst.BaseExpression] | None:
    """The other operands of the updates of `attr` in `cls`, when they and one store in
    `__init__` are all `stores` stores of the attribute the file makes; else None."""
    operands = layout_updates(cls).get(attr, [])
    return operands if operands and stores == 1 + len(operands) else None
