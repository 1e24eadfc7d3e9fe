"""Reductions that keep an array's layout: `jnp.sum(x, axis=-1, keepdims=True)` over a dimension
no mesh axis shards (SF104's inputs).

With Explicit axes a reduction over an unsharded dimension leaves every other dimension's
sharding as it was, and `keepdims=True` keeps that dimension (size 1, unsharded): the result has
x's spec, so `x / jnp.sum(x, axis=-1, keepdims=True)` is laid out as x is (jax 0.10.2). Only a
literal integer axis and a literal `keepdims=True` are read; the reduced dimension must be
certainly unsharded: beyond the spec's entries when counted from the front, or an empty entry
(counted from the end, the dimension is one of the spec's last `-axis` entries or beyond them,
whatever the rank: all of those must be empty). Anything else: None.
"""
from __future__ import annotations

from codemods.analysis.specs import Spec
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

_REDUCTIONS = frozenset({"jax.numpy.sum", "jax.numpy.mean", "jax.numpy.max", "jax.numpy.min", "jax.numpy.prod",
                         "jax.numpy.amax", "jax.numpy.amin", "jax.numpy.linalg.norm", "jax.numpy.var",
                         "jax.numpy.std", "jax.nn.logsumexp", "jax.scipy.special.logsumexp"})


def keepdims_operand(ctx: FileContext, call: cst.BaseExpression) -> tuple | None:
    """(the array reduced, its axis) of `jnp.sum(x, axis=k, keepdims=True)`; else None."""
    if not isinstance(call, cst.Call) or ctx.imports.resolve(call.func) not in _REDUCTIONS:
        return None
    if not call.args or call.args[0].keyword is not None or call.args[0].star:
        return None
    axis, keepdims = None, False
    for arg in call.args[1:]:
        if arg.star or arg.keyword is None:
            return None  # a positional `ord` or axis: not read
        if arg.keyword.value == "axis":
            axis = _integer(arg.value)
            if axis is None:
                return None
        elif arg.keyword.value == "keepdims":
            keepdims = isinstance(arg.value, cst.Name) and arg.value.value == "True"
        else:
            return None
    return (call.args[0].value, axis) if keepdims and axis is not None else None


# Reductions whose result has the input's spec less the reduced dimension, sharded or not
# (`jnp.argmax(x, axis=-1)` of x on P("i", "j", None) is on P("i", "j"); each of these measured on
# jax 0.10.2 with Explicit axes, axes 0, 1, 2 and -1 of a 3-D array).
_DROPPING = _REDUCTIONS - {"jax.numpy.linalg.norm", "jax.scipy.special.logsumexp"} \
    | {"jax.numpy.argmax", "jax.numpy.argmin"}


def dropped_dimension(ctx: FileContext, call: cst.BaseExpression) -> tuple | None:
    """(the array reduced, its axis) of `jnp.argmax(x, axis=k)` (no `keepdims`, one literal
    integer axis) of a reduction in _DROPPING; else None."""
    if not isinstance(call, cst.Call) or ctx.imports.resolve(call.func) not in _DROPPING:
        return None
    if not call.args or call.args[0].keyword is not None or call.args[0].star or len(call.args) != 2:
        return None
    arg = call.args[1]
    if arg.star or arg.keyword is None or arg.keyword.value != "axis":
        return None
    axis = _integer(arg.value)
    return (call.args[0].value, axis) if axis is not None else None


def without_dimension(spec: Spec, axis: int) -> Spec | None:
    """`spec` of an array reduced over dimension `axis`: that entry dropped. Counted from the end
    only when it is the last entry and empty (then it is that dimension, or an unwritten one
    beyond, and the spec means the same either way); None when not known."""
    if spec.reduced or spec.unreduced:
        return None
    partitions = spec.partitions
    if axis >= 0:
        return Spec(partitions[:axis] + partitions[axis + 1:] if axis < len(partitions) else partitions)
    if axis == -1 and partitions and not partitions[-1]:
        return Spec(partitions[:-1])
    return None


def centred_operand(ctx: FileContext, expr: cst.BaseExpression) -> cst.BaseExpression | None:
    """`w` of `w - jnp.mean(w, axis=k, keepdims=True)` (or `/`, `+`, `*`, either side) with `w` one
    plain name: the reduction keeps w's other dimensions as they are and its dimension k has size
    1, which broadcasts against w's and takes w's sharding there, so the result is laid out as w
    is whichever dimension was reduced (jax 0.10.2). Else None."""
    from codemods.analysis.tree_items import array_operands

    sides = array_operands(expr)
    if sides is None:
        return None
    for own, other in (sides, sides[::-1]):
        kept = keepdims_operand(ctx, other)
        if isinstance(own, cst.Name) and kept is not None and isinstance(kept[0], cst.Name) \
                and kept[0].value == own.value:
            return own
    return None


def unsharded_dim(spec: Spec, axis: int) -> bool:
    """Whether dimension `axis` of an array laid out by `spec` is certainly unsharded."""
    parts = spec.partitions
    if spec.reduced or spec.unreduced:
        return False
    if axis >= 0:
        return axis >= len(parts) or not parts[axis]
    return all(not part for part in parts[axis:])  # whatever the rank, dimension `axis` is one of these or beyond


def _integer(node: cst.BaseExpression) -> int | None:
    if isinstance(node, cst.UnaryOperation) and type(node.operator).__name__ == "Minus" \
            and isinstance(node.expression, cst.Integer):
        return -int(node.expression.value)
    return int(node.value) if isinstance(node, cst.Integer) else None


# Methods of a JAX array that reduce it whole when called with no argument (a rank-0 result).
_WHOLE_METHODS = frozenset({"sum", "mean", "max", "min", "prod", "var", "std"})
# Functions that reduce their one argument whole (a rank-0 result).
_WHOLE_FUNCTIONS = _DROPPING - {"jax.numpy.argmax", "jax.numpy.argmin"}


def whole_reduction(ctx: FileContext, call: cst.BaseExpression) -> cst.BaseExpression | None:
    """The array of `x.mean()` or `jnp.sum(x)`: a reduction over every dimension, whose rank-0
    result broadcasts without moving another operand's layout (`x / x.mean() - 1.0` is laid out
    as x is, jax 0.10.2 with Explicit axes); else None."""
    if not isinstance(call, cst.Call):
        return None
    if not call.args:
        func = call.func
        return func.value if isinstance(func, cst.Attribute) and func.attr.value in _WHOLE_METHODS else None
    only = call.args[0]
    if len(call.args) != 1 or only.keyword is not None or only.star:
        return None
    return only.value if ctx.imports.resolve(call.func) in _WHOLE_FUNCTIONS else None

