"""Shapes through a shard_map body (issue 13): the interpreter's values carry the shape of an
array where it is certain, so `x.ndim`, `x.shape` and `len(x)` become Python constants and an
`if x.ndim == 2:` runs only the branch JAX runs.

The interpreter calls `shaped` once per evaluated expression, with the value it computed. The
operands' values are the ones evaluated inside that expression (a memo by node, stamped with
when each evaluation started), so no operand is evaluated twice. An operation this module has
no rule for drops the shape: unknown stays unknown. A value handed to a function through a
transform (vmap, scan, cond, ...) loses its shape, since such functions see slices or batches.
"""
from __future__ import annotations

from dataclasses import replace
from math import prod

import ast

from codemods import jaxapi
from codemods.analysis import shapes
from codemods.analysis.backward_stops import note_value
from codemods.analysis.nodes import call_args
from codemods.analysis.numpy_ranges import arange_count
from codemods.analysis.pyvalues import MeshValue
from codemods.analysis.sequence_kinds import TUPLE, kinded
from codemods.analysis.sequences import literal_shape
from codemods.analysis.values import (
    STATIC,
    AxisState,
    ClassValue,
    Const,
    DictValue,
    Function,
    Instance,
    JaxName,
    Partial,
    TupleValue,
    Value,
    map_leaves,
)

_KEEPS = ("jax.lax.psum", "jax.lax.pmean", "jax.lax.pmax", "jax.lax.pmin", "jax.lax.ppermute", "jax.lax.pcast",
          "jax.lax.pvary", "jax.lax.preduced", "jax._src.lax.parallel.preduced")
_GATHERS = ("jax.lax.all_gather", "jax.lax.all_gather_invariant", "jax.lax.all_gather_reduced",
            "jax._src.lax.parallel.all_gather_reduced")
_ARRAY_MAKERS = ("numpy.array", "numpy.asarray", "jax.numpy.array", "jax.numpy.asarray")
_SAME_METHODS = frozenset({"astype", "copy", "block_until_ready", "round", "conj"})
_USER = (Function, Partial, ClassValue, Instance, TupleValue, DictValue, MeshValue)


def plain(value: Value) -> Value:
    """`value` with no shape on any leaf."""
    if type(value) is AxisState:
        return value if value.shape is None else replace(value, shape=None)
    if isinstance(value, (TupleValue, DictValue)) and any(
            type(leaf) is AxisState and leaf.shape is not None for leaf in _leaves(value)):
        return map_leaves(value, plain)
    return value


def _leaves(value: Value):
    if isinstance(value, (TupleValue, DictValue)):
        for item in value.items:
            yield from _leaves(item)
    else:
        yield value


def same_shapes(left: Value, right: Value) -> bool:
    """Whether two values (the states of which agree) carry the same shapes, leaf by leaf."""
    return [getattr(leaf, "shape", None) for leaf in _leaves(left)] == \
        [getattr(leaf, "shape", None) for leaf in _leaves(right)]


def _with(value: Value, shape: shapes.Shape | None) -> Value:
    if type(value) is not AxisState:
        return plain(value)
    return value if value.shape == shape else replace(value, shape=shape)


def _python(value: Value | None) -> object:
    """The Python value of a constant, or a marker for anything else."""
    if isinstance(value, Const):
        return value.value
    if isinstance(value, TupleValue) and all(isinstance(item, Const) for item in value.items):
        return tuple(item.value for item in value.items)
    return _UNSET


class _Unset:
    pass


_UNSET = _Unset()


class ShapeFlow:
    """The shape half of the Interpreter (which supplies mesh and higher_order)."""

    _shape_clock = 0
    _shape_memo: dict | None = None

    def shape_clock(self) -> int:
        self._shape_clock += 1
        return self._shape_clock

    def shaped(self, expr: ast.expr, value: Value, start: int) -> Value:
        memo = self._shape_memo
        if memo is None:
            memo = self._shape_memo = {}
        rule = _RULES.get(type(expr))
        if rule is not None:
            value = rule(self, expr, value, start)
        memo[id(expr)] = (start, value)
        note_value(self, expr, value, start)  # (under grad: backward_stops.py)
        return value

    def higher_order(self, callee, expr, args, keywords, starred, frame):
        args = [(plain(value), node) for value, node in args]
        keywords = {key: (plain(value), node) for key, (value, node) in keywords.items()}
        return super().higher_order(callee, expr, args, keywords, starred, frame)  # type: ignore[misc]

    # -- operands ----------------------------------------------------------------------------
    def _operand(self, node: ast.expr, start: int) -> Value | None:
        """The value `node` had when evaluated inside the expression that started at `start`."""
        found = self._shape_memo.get(id(node)) if self._shape_memo is not None else None
        return found[1] if found is not None and found[0] > start else None

    def _shape(self, node: ast.expr, start: int) -> shapes.Shape | None:
        value = self._operand(node, start)
        if value is None and type(node) is ast.BinOp:  # inner links of `a + b + c` are not evaluated alone
            return self._binop_shape(node, start)
        if isinstance(value, AxisState):  # an array read through a symbol keeps the shape it was computed with
            return value.shape
        if isinstance(value, Const) and type(value.value) in (int, float, bool):
            return ()
        return None

    def _binop_shape(self, expr: ast.BinOp, start: int) -> shapes.Shape | None:
        left, right = self._shape(expr.left, start), self._shape(expr.right, start)
        if isinstance(expr.op, ast.MatMult):
            return shapes.matmul(left, right)
        return shapes.broadcast([left, right])

    def _axes_size(self, node: ast.expr | None, start: int) -> int | None:
        axes = _python(self._operand(node, start)) if node is not None else _UNSET
        axes = (axes,) if isinstance(axes, str) else axes
        if not isinstance(axes, tuple) or not axes or self.mesh is None:
            return None
        sizes = [self.mesh.size(axis) for axis in axes]
        return None if None in sizes else prod(sizes)

    # -- rules by node -----------------------------------------------------------------------
    def _shape_attribute(self, expr: ast.Attribute, value: Value, start: int) -> Value:
        receiver = self._operand(expr.value, start)
        if type(receiver) is not AxisState:
            return value if isinstance(receiver, _USER) else plain(value)
        shape, attr = receiver.shape, expr.attr
        if shape is not None and attr == "ndim":
            return Const(len(shape))
        if shape is not None and attr == "shape":
            return Const(kinded(shape, TUPLE)) if None not in shape else TupleValue(
                tuple(STATIC if size is None else Const(size) for size in shape), TUPLE)
        if shape is not None and None not in shape and attr == "size":
            return Const(prod(shape))
        if attr == "T":
            return _with(value, shapes.transposed(shape))
        if attr == "mT" and shape is not None and len(shape) >= 2:
            return _with(value, shape[:-2] + (shape[-1], shape[-2]))
        if attr in ("real", "imag"):
            return _with(value, shape)
        return plain(value)

    def _shape_subscript(self, expr: ast.Subscript, value: Value, start: int) -> Value:
        receiver = self._operand(expr.value, start)
        if type(receiver) is not AxisState:
            return value if isinstance(receiver, (TupleValue, DictValue, Const, Instance, ClassValue)) else plain(value)
        index = []
        for element in (expr.slice.elts if type(expr.slice) is ast.Tuple else [expr.slice]):
            if type(element) is ast.Constant and element.value is Ellipsis:
                index.append(Ellipsis)
            elif type(element) is ast.Slice:
                bounds = [None if part is None else _python(self._operand(part, start))
                          for part in (element.lower, element.upper, element.step)]
                # Bounds that are not constants still keep the dimension (JAX takes only static ones).
                index.append(slice(*bounds) if all(bound is None or type(bound) is int for bound in bounds)
                             else shapes.SOME_SLICE)
            else:
                item = _python(self._operand(element, start))
                if not (item is None or type(item) is int):
                    return plain(value)
                index.append(item)
        return _with(value, shapes.indexed(receiver.shape, index))

    def _shape_binop(self, expr: ast.BinOp, value: Value, start: int) -> Value:
        return _with(value, self._binop_shape(expr, start)) if type(value) is AxisState else value

    def _shape_unary(self, expr: ast.UnaryOp, value: Value, start: int) -> Value:
        return _with(value, self._shape(expr.operand, start)) if type(value) is AxisState else value

    def _shape_compare(self, expr: ast.Compare, value: Value, start: int) -> Value:
        if type(value) is not AxisState:
            return value
        return _with(value, shapes.broadcast([self._shape(node, start) for node in [expr.left] + expr.comparators]))

    def _shape_call(self, expr: ast.Call, value: Value, start: int) -> Value:
        func = expr.func
        if type(func) is ast.Attribute:
            receiver = self._operand(func.value, start)
            if type(receiver) is AxisState:
                return self._method(expr, func.attr, receiver.shape, value, start)
            if isinstance(receiver, JaxName):
                return self._function(expr, jaxapi.canonical(f"{receiver.name}.{func.attr}"), value, start)
            return value if isinstance(receiver, _USER) else plain(value)
        callee = self._operand(func, start)
        if isinstance(callee, JaxName):
            return self._function(expr, callee.name, value, start)
        return value if isinstance(callee, _USER) else plain(value)

    # -- calls -------------------------------------------------------------------------------
    def _arguments(self, expr: ast.Call, start: int):
        args = call_args(expr)
        if any(arg.star for arg in args):
            return None
        positional = [arg.value for arg in args if arg.keyword is None]
        keywords = {arg.keyword: arg.value for arg in args if arg.keyword is not None}
        return positional, keywords

    def _const(self, node: ast.expr | None, start: int, default: object = _UNSET) -> object:
        return default if node is None else _python(self._operand(node, start))

    def _method(self, expr: ast.Call, method: str, shape, value: Value, start: int) -> Value:
        found = self._arguments(expr, start)
        if found is None:
            return plain(value)
        positional, keywords = found
        if method in _SAME_METHODS and not positional[1:]:
            return _with(value, shape)
        if method == "reshape" and not keywords and positional:
            return _with(value, self._reshape(shape, positional, start))
        if method in ("flatten", "ravel") and not positional and not keywords:
            return _with(value, None if shape is None else (None if None in shape else prod(shape),))
        if method == "transpose" and not keywords:
            axes = self._const(positional[0], start) if len(positional) == 1 else tuple(
                self._const(node, start) for node in positional)
            return _with(value, shapes.transposed(shape, axes))
        if method in shapes.REDUCTIONS and not positional[1:] and set(keywords) <= {"axis", "keepdims"}:
            axis = self._const(positional[0] if positional else keywords.get("axis"), start, None)
            return _with(value, shapes.reduced(shape, axis, self._const(keywords.get("keepdims"), start, False)))
        if method == "swapaxes" and len(positional) == 2 and not keywords:
            return _with(value, shapes.swapped(shape, *(self._const(node, start) for node in positional)))
        if method == "squeeze" and not positional[1:]:
            axis = self._const(positional[0] if positional else keywords.get("axis"), start, None)
            return _with(value, shapes.squeezed(shape, axis))
        return plain(value)

    def _reshape(self, shape, sizes: list[ast.expr], start: int) -> shapes.Shape | None:
        """`reshape(a, b)` / `reshape((a, b))`: the rank is the count of sizes even where a size is
        not a constant (each must be an int, or JAX raises)."""
        if len(sizes) == 1:
            single = self._operand(sizes[0], start)
            if isinstance(single, Const) and type(single.value) is int:
                return shapes.reshaped(shape, (single.value,))
            if isinstance(single, Const) and isinstance(single.value, tuple):
                items = [Const(item) for item in single.value]
            elif isinstance(single, TupleValue):
                items = list(single.items)
            else:
                return None
        else:
            items = [self._operand(node, start) for node in sizes]
        known = [item.value if isinstance(item, Const) else None for item in items]
        if not all(type(size) is int or size is None and item is STATIC for size, item in zip(known, items)):
            return None
        if None in known:
            return tuple(None if size in (None, -1) else size for size in known)
        return shapes.reshaped(shape, tuple(known))

    def _function(self, expr: ast.Call, name: str, value: Value, start: int) -> Value:
        found = self._arguments(expr, start)
        if found is None:
            return plain(value)
        positional, keywords = found
        first = self._shape(positional[0], start) if positional else None
        if name in ("jax.numpy.ndim", "jax.numpy.shape", "builtins.len", "numpy.ndim", "numpy.shape") \
                and len(positional) == 1 and not keywords:
            operand = self._operand(positional[0], start)
            if name == "builtins.len":
                items = _python(operand)
                if isinstance(items, tuple):
                    return Const(len(items))
                return Const(first[0]) if first and first[0] is not None else value
            if first is None:
                return value
            return Const(len(first)) if name.endswith("ndim") else Const(first) if None not in first else value
        if name in shapes.CONSTRUCTORS or name in shapes.SAMPLERS:
            at = 1 if name in shapes.SAMPLERS else 0
            node = keywords.get("shape", positional[at] if len(positional) > at else None)
            new = shapes.as_shape(self._const(node, start))
            return _with(value, new if new is not None and -1 not in new else None)
        if name in _ARRAY_MAKERS and 1 <= len(positional) <= 2 and set(keywords) <= {"dtype"} \
                and (new := literal_shape(self._operand(positional[0], start))) is not None:
            return _with(value, new)  # `np.array([0.5, 0.25])`: a display of numbers
        if name in ("jax.numpy.arange", "numpy.arange") and 1 <= len(positional) <= 3 and set(keywords) <= {"dtype"}:
            bounds = [self._const(node, start) for node in positional]
            if (count := arange_count(bounds)) is not None:  # (NumPy's float count: numpy_ranges.py)
                return _with(value, (count,))
        if name in shapes.SAME_SHAPE and "shape" not in keywords or name in _KEEPS:
            return _with(value, first)
        if name in shapes.BROADCAST and not keywords and (len(positional) == 3 if name.endswith(".where") else positional):
            return _with(value, shapes.broadcast([self._shape(node, start) for node in positional]))
        if name.startswith(("jax.numpy.", "numpy.")) and name.rsplit(".", 1)[1] in shapes.REDUCTIONS \
                and len(positional) <= 2 and set(keywords) <= {"axis", "keepdims"}:
            axis = self._const(positional[1] if len(positional) == 2 else keywords.get("axis"), start, None)
            return _with(value, shapes.reduced(first, axis, self._const(keywords.get("keepdims"), start, False)))
        if name in ("jax.numpy.reshape", "numpy.reshape") and len(positional) == 2 and not keywords:
            return _with(value, self._reshape(first, positional[1:], start))
        if name in ("jax.numpy.expand_dims", "numpy.expand_dims") and len(positional) == 2 and not keywords:
            return _with(value, shapes.expanded(first, self._const(positional[1], start)))
        if name in ("jax.numpy.transpose", "numpy.transpose") and len(positional) <= 2 and not keywords:
            return _with(value, shapes.transposed(first, self._const(positional[1], start, None)
                                                  if len(positional) == 2 else None))
        if name in ("jax.numpy.matmul", "jax.numpy.dot") and len(positional) == 2 and not keywords:
            return _with(value, shapes.matmul(first, self._shape(positional[1], start)))
        if name == "jax.lax.axis_index":
            return _with(value, ())
        if name in ("jax.numpy.concatenate", "jax.numpy.stack") and 1 <= len(positional) <= 2 \
                and set(keywords) <= {"axis"}:
            parts = self._operand(positional[0], start)
            axis = self._const(positional[1] if len(positional) == 2 else keywords.get("axis"), start, 0)
            if not isinstance(parts, TupleValue) or type(positional[0]) not in (ast.List, ast.Tuple) \
                    or not all(type(item) is AxisState for item in parts.items):
                return plain(value)  # a list built elsewhere may have grown
            shapes_in = [item.shape for item in parts.items]
            rule = shapes.concatenated if name.endswith("concatenate") else shapes.stacked
            return _with(value, rule(shapes_in, axis))
        if name == "jax.numpy.swapaxes" and len(positional) == 3 and not keywords:
            return _with(value, shapes.swapped(first, *(self._const(node, start) for node in positional[1:])))
        if name == "jax.numpy.atleast_2d" and len(positional) == 1 and not keywords:
            return _with(value, shapes.at_least_2d(first))
        if name == "jax.numpy.squeeze" and 1 <= len(positional) <= 2 and set(keywords) <= {"axis"}:
            axis = self._const(positional[1] if len(positional) == 2 else keywords.get("axis"), start, None)
            return _with(value, shapes.squeezed(first, axis))
        return self._collective_shape(name, positional, keywords, first, value, start)

    def _collective_shape(self, name: str, positional, keywords, first, value: Value, start: int) -> Value:
        axis_node = keywords.get("axis_name", positional[1] if len(positional) > 1 else None)
        if name in _GATHERS and len(positional) <= 2 and set(keywords) <= {"axis_name", "axis", "tiled", "to"}:
            return _with(value, shapes.gathered(first, self._axes_size(axis_node, start),
                                                self._const(keywords.get("axis"), start, 0),
                                                self._const(keywords.get("tiled"), start, False)))
        if name == "jax.lax.psum_scatter" and len(positional) <= 2 \
                and set(keywords) <= {"axis_name", "scatter_dimension", "tiled"}:
            return _with(value, shapes.scattered(first, self._axes_size(axis_node, start),
                                                 self._const(keywords.get("scatter_dimension"), start, 0),
                                                 self._const(keywords.get("tiled"), start, False)))
        if name == "jax.lax.all_to_all" and len(positional) == 4 and set(keywords) <= {"tiled"} \
                and self._const(keywords.get("tiled"), start, False) is True and first is not None:
            size = self._axes_size(axis_node, start)
            split, concat = (self._const(node, start) for node in positional[2:])
            if type(split) is not int or type(concat) is not int or not (
                    -len(first) <= split < len(first) and -len(first) <= concat < len(first)):
                return plain(value)
            result = list(first)
            split, concat = split % len(first), concat % len(first)
            result[split] = None if size is None or result[split] is None or result[split] % size else result[split] // size
            result[concat] = None if size is None or result[concat] is None else result[concat] * size
            return _with(value, tuple(result))
        return plain(value)


_RULES = {
    ast.Attribute: ShapeFlow._shape_attribute,
    ast.Subscript: ShapeFlow._shape_subscript,
    ast.BinOp: ShapeFlow._shape_binop,
    ast.UnaryOp: ShapeFlow._shape_unary,
    ast.Compare: ShapeFlow._shape_compare,
    ast.Call: ShapeFlow._shape_call,
    ast.BoolOp: lambda self, expr, value, start: plain(value),
}
