"""Where a differentiated function's backward pass may stop the body (issue 13).

`jax.grad(f)(p)` and `jax.value_and_grad(f)(p)` trace f forward, then transpose it, both inside
the call. The static reading follows the forward pass only. A forward pass in which a reduced or
unreduced value meets anything but a cast JAX's transpose is known to take may make the backward
pass raise before the body goes on: run on jax 0.10.2, with `w = all_gather(p, 'data',
to='reduced')` and `table` invariant, `table @ w` (and `w @ table`) passes forward, and the
backward pass raises "Expected cotangent type float32[8,8]{U:data} but got float32[8,8]" at the
value_and_grad call; with `x` varying on 'data', `x @ w` passes both ways (JAX casts w to
varying, and the cast's transpose makes the cotangent unreduced, which is what the gather's
transpose takes: state_transforms.cast_reduced, checked for `@`, `*`, `+`, `jnp.where` and einsum).
So each value of the forward pass that holds a reduced or unreduced leaf must be approved by
what takes it: a binding, a container, an index into a container, a function of the module
(which is followed, and checked in turn), or such a cast (one reduced operand, every other
operand an array varying on its reduced axes). Anything else, and a reduced or unreduced
gradient or loss, means the reading cannot know that the call returns: nothing after it is
judged in that trace of the body (a finding there would name a line JAX never gets to).
"""
from __future__ import annotations

import ast
from contextlib import contextmanager

from codemods import jaxapi
from codemods.analysis.nodes import module_parents
from codemods.analysis.values import (
    UNKNOWN,
    AxisState,
    ClassValue,
    Const,
    DictValue,
    Function,
    Instance,
    JaxName,
    Partial,
    State,
    TupleValue,
    leaves,
)

V, R, U, Q = State.VARYING, State.REDUCED, State.UNREDUCED, State.UNKNOWN
# Operations whose transpose of a reduced operand cast to varying was run under grad (0.10.2).
_CASTING_OPERATORS = (ast.MatMult, ast.Mult, ast.Add, ast.Sub)
_CASTING_CALLS = frozenset({"jax.numpy.matmul", "jax.numpy.dot", "jax.numpy.einsum", "jax.numpy.where"})
# Attributes of an array that read its type, not its values: no operation is traced.
_METADATA = frozenset({"shape", "ndim", "dtype", "size"})
_BINDINGS = (ast.Assign, ast.AnnAssign, ast.Return, ast.Expr)
_USER = (Function, Partial, ClassValue, Instance)


class _Watch:
    """One forward pass: values holding a reduced leaf not yet approved (node id -> the clock of
    their evaluation), and how many were refused."""

    __slots__ = ("doubts", "pending")

    def __init__(self) -> None:
        self.pending: dict[int, int] = {}
        self.doubts = 0


@contextmanager
def watched(interp):
    """The forward pass of a differentiated function; yields its watch, whose `doubts` count
    after it what the backward pass may not take (values never approved included)."""
    watches = interp.__dict__.setdefault("_grad_watches", [])
    watch = _Watch()
    watches.append(watch)
    try:
        yield watch
    finally:
        watches.remove(watch)
        watch.doubts += len(watch.pending)


def note_value(interp, expr: ast.expr, value: object, start: int) -> None:
    """`expr` was evaluated to `value` (its evaluation began at clock `start`; shape_flow.py)."""
    watches = interp.__dict__.get("_grad_watches")
    if not watches:
        return
    memo = interp._shape_memo
    for parent, child in _consumed(expr):
        entry = memo.get(id(child))
        if entry is None or entry[0] <= start:
            continue  # not evaluated inside this evaluation
        for watch in watches:
            if watch.pending.get(id(child)) == entry[0]:
                del watch.pending[id(child)]
                if not _approved(parent, child, entry[1], value if parent is expr else None, memo, start):
                    watch.doubts += 1
    if not bearing(value):
        return
    holder = module_parents(interp.scope.tree).get(id(expr))
    if isinstance(holder, ast.stmt):
        if not (isinstance(holder, _BINDINGS) and holder.value is expr):
            for watch in watches:
                watch.doubts += 1  # `for row in w:`, `y += w`: not followed here
        return
    for watch in watches:
        watch.pending[id(expr)] = start


def _consumed(expr: ast.expr):
    """(operation, operand) pairs `expr`'s evaluation computes: its own operands, and for a chain
    `a @ b + c` (evaluated as one) those of each link."""
    if type(expr) is ast.BinOp:
        link = expr
        while True:
            yield link, link.right
            if type(link.left) is not ast.BinOp:
                yield link, link.left
                return
            link = link.left
    elif type(expr) is ast.Call:
        yield expr, expr.func
        for arg in expr.args:
            yield expr, arg
        for keyword in expr.keywords:
            yield expr, keyword.value
    else:
        for child in ast.iter_child_nodes(expr):
            if isinstance(child, ast.expr):
                yield expr, child


def _approved(parent: ast.expr, child: ast.expr, value: object, result: object, memo: dict, start: int) -> bool:
    kind = type(parent)
    if kind in (ast.Tuple, ast.List, ast.Dict, ast.Set) or kind is ast.NamedExpr and parent.value is child:
        return True  # held in a container, or bound
    if kind is ast.IfExp:
        return child is not parent.test  # handed on as the expression's value
    if kind is ast.Subscript:
        return child is parent.value and isinstance(value, (TupleValue, DictValue))  # `params["w"]`
    if kind is ast.Attribute:
        return parent.attr in _METADATA and result is not None and not isinstance(result, AxisState)  # `w.shape`
    if kind is ast.Call and child is not parent.func:
        callee = _callee(parent, memo, start)
        if isinstance(callee, _USER):
            return result is not None and result is not UNKNOWN  # (followed: its operations are checked in turn)
        if isinstance(callee, JaxName) and callee.name in _CASTING_CALLS and not parent.keywords \
                and not any(type(arg) is ast.Starred for arg in parent.args):
            return _cast(child, value, parent.args, memo, start)
        return False
    if kind is ast.BinOp and type(parent.op) in _CASTING_OPERATORS:
        return _cast(child, value, [parent.left, parent.right], memo, start)
    return False


def _callee(call: ast.Call, memo: dict, start: int) -> object:
    func = call.func
    entry = memo.get(id(func))
    if entry is not None and entry[0] > start:
        return entry[1]
    if type(func) is ast.Attribute:
        receiver = memo.get(id(func.value))
        if receiver is not None and receiver[0] > start:
            if isinstance(receiver[1], JaxName):
                return JaxName(jaxapi.canonical(f"{receiver[1].name}.{func.attr}"))
            if isinstance(receiver[1], (ClassValue, Instance)):
                return receiver[1]  # a method of the module's own (followed, and checked in turn)
    return None


def _cast(child: ast.expr, value: object, operands: list, memo: dict, start: int) -> bool:
    """JAX casts the reduced operand to varying: it is reduced (on axes A, nowhere unreduced or
    unknown) and every other operand is an array varying on all of A, or a spec string."""
    if not isinstance(value, AxisState) or value.mixed or value.rest in (R, U, Q) or value.has(U) or value.has(Q):
        return False
    axes = [axis for axis, state in value.named if state is R]
    others = 0
    for operand in operands:
        if operand is child:
            continue
        entry = memo.get(id(operand))
        if entry is None or entry[0] <= start:
            return False
        other = entry[1]
        if isinstance(other, Const) and type(other.value) is str:
            continue
        if not isinstance(other, AxisState) or other.mixed or bearing(other) or other.has(Q) \
                or any(other.on(axis) is not V for axis in axes):
            return False
        others += 1
    return bool(axes) and others > 0


def bearing(value: object) -> bool:
    """A reduced or unreduced leaf."""
    return any(isinstance(leaf, AxisState) and (leaf.has(R) or leaf.has(U)) for leaf in leaves(value))


@contextmanager
def body_trace(interp):
    """One trace of a shard_map body: a stop met in it silences its rest, not the next body's."""
    before = interp.__dict__.pop("_backward_stops", None)
    interp._backward_stops = 0
    try:
        yield
    finally:
        interp.silent -= interp.__dict__.pop("_backward_stops")
        if before is not None:
            interp._backward_stops = before


def stop_after_backward(interp) -> bool:
    """The rest of the body's trace is judged silently (False: no body is being traced)."""
    if interp.run is None or "_backward_stops" not in interp.__dict__:
        return False
    interp.silent += 1
    interp._backward_stops += 1
    return True
