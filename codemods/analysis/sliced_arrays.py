"""Basic slicing that keeps an array's sharding (SF104's inputs).

On jax 0.10.2 with Explicit axes, `x[:, ::-1]`, `x[:, 2:5]` or `x[:]` of an array laid out by
`P(('a', 'b'), None)` is laid out the same: a slice of a dimension no mesh axis splits changes its
size only, and a bare `:` leaves a split dimension whole. Slicing a split dimension (`x[2:]` of
`P('a')`) raises ("Use `.at[...].get(out_sharding=)`"), so such a subscript is left unknown, as
are integer indices (they drop a dimension), `None`/`...` entries and bounds that are not
integer literals (an array bound is a gather, not a slice).
"""
from __future__ import annotations

from codemods.analysis.specs import Spec
from codemods.lazy import lazy_module

cst = lazy_module("libcst")


def sliced_value(expr: cst.BaseExpression) -> tuple[cst.BaseExpression, tuple[bool, ...]] | None:
    """(array, per written dimension whether its slice is a bare `:`) of `x[:, 1::2]`; None
    unless every entry is a slice whose bounds and step are integer literals or absent."""
    if not isinstance(expr, cst.Subscript) or not expr.slice:
        return None
    bare = []
    for element in expr.slice:
        part = element.slice
        if not isinstance(part, cst.Slice):
            return None
        bounds = (part.lower, part.upper, part.step)
        if not all(bound is None or _integer(bound) for bound in bounds):
            return None
        bare.append(all(bound is None for bound in bounds))
    return expr.value, tuple(bare)


def slicing_keeps(spec: Spec, bare: tuple[bool, ...]) -> bool:
    """Whether slicing dimensions as `bare` says leaves an array laid out by `spec` as it was:
    every split dimension is taken whole (reduced or unreduced arrays are not judged)."""
    if spec.reduced or spec.unreduced:
        return False
    parts = spec.partitions
    return all(whole or index >= len(parts) or not parts[index] for index, whole in enumerate(bare))


def _integer(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and type(node.operator).__name__ == "Minus":
        node = node.expression
    return isinstance(node, cst.Integer)
