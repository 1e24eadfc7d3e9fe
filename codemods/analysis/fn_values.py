"""Functions held as values (issue 13): a def, a lambda, a JAX function or a `functools.partial`
of one, stored where the analysis already follows values (an object's fields, a class body, a
parameter's default) and called later through that holder.

Python's rules for what such a call runs:
- a function stored on an object in `__init__` (`self.act = lambda v: v / self.scale`) is the
  object's own attribute: it is not bound, and when it runs `self` is the finished object (its
  fields as the constructor left them), not the half-built one the store saw;
- a def or lambda in a class body (`norm = _l2`, `norm = lambda self, v: ...`) read through an
  object is a bound method: the object goes first; through the class it is the plain function;
- `staticmethod(f)` is f through either; `classmethod(f)` gets the class first;
- a parameter's default (`act=jax.nn.relu`, `reducer=_sum`) is evaluated once, where the def
  runs: a module def, a JAX function or a partial of such is the same object on every call.
Anything else stays as the analysis had it: unknown.
"""
from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from codemods.analysis.nodes import positional_params
from codemods.analysis.scopes import method_kind
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
    Static,
    TupleValue,
    Value,
)

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame, Interpreter

_WRAPPERS = ("staticmethod", "classmethod")


def _plain_partial(value: Value) -> bool:
    """A partial whose function and bound values are fixed when it is made."""
    while isinstance(value, Partial):
        if not all(map(_fixed_item, value.args)) or not all(_fixed_item(item) for _, item in value.keywords):
            return False
        value = value.func
    return isinstance(value, (Function, JaxName))


def _fixed_item(item: Value) -> bool:
    """A bound value fixed when the partial is made: a constant, or a tuple of them (`axis_name=(DP, TP)`)."""
    if isinstance(item, TupleValue):
        return all(map(_fixed_item, item.items))
    return isinstance(item, (Const, Static, JaxName))


def fixed_function(value: Value, module_frame) -> bool:
    """A module def or lambda, a JAX function, or a partial of one binding only constants
    (`partial(jax.lax.all_gather, axis_name=axis, to="reduced")` of a constant `axis`)."""
    while isinstance(value, Partial) and _plain_partial(value):
        value = value.func
    return isinstance(value, Function) and value.closure is module_frame \
        or isinstance(value, JaxName) and value.name.startswith("jax.")


def same_function(left: Value | None, right: Value) -> bool:
    """Two reads that give one function object: the same module def or lambda, the same JAX
    function, partials of one binding equal constants (what every construction of a class must
    agree on for a field read through `self`)."""
    if isinstance(left, Partial) and isinstance(right, Partial):
        return same_function(left.func, right.func) and left.args == right.args and left.keywords == right.keywords
    if isinstance(left, Function) and isinstance(right, Function):
        return left.node is right.node and left.closure is right.closure
    return isinstance(left, JaxName) and isinstance(right, JaxName) and left.name == right.name


def default_function(interp: Interpreter, node: ast.expr, defined_in: Frame) -> Value | None:
    """The function a parameter's default names (`act=jax.nn.relu`, `reducer=_sum`,
    `act=partial(jax.nn.leaky_relu, negative_slope=0.1)`, `act=lambda v: v`), or None."""
    if type(node) is ast.Lambda:
        return interp.eval(node, defined_in)
    if not isinstance(node, (ast.Name, ast.Attribute, ast.Call)):
        return None
    if type(node) is ast.Call:
        func = interp.eval(node.func, defined_in)
        if not (isinstance(func, JaxName) and func.name == "functools.partial"):
            return None
    found = interp.eval(node, defined_in)
    if isinstance(found, Function) and (found.closure is interp.module_frame or isinstance(found.node, ast.Lambda)):
        return found
    if isinstance(found, JaxName) and found.name.startswith("jax.") or isinstance(found, Partial) and _plain_partial(found):
        return found
    return None


def finished_field(interp: Interpreter, value: Value, receiver: Instance) -> Value:
    """A function an object's constructor (or its `setup()` hook) stored on it, as it runs when
    called later: its closure reads `self` as `receiver`, the finished object."""
    if isinstance(value, (TupleValue, DictValue)):  # `self.stages = (lambda v: ..., self._norm)`
        items = tuple(finished_field(interp, item, receiver) for item in value.items)
        if all(new is old for new, old in zip(items, value.items)):
            return value
        return TupleValue(items) if isinstance(value, TupleValue) else DictValue(value.keys, items)
    if isinstance(value, Partial):
        func = finished_field(interp, value.func, receiver)
        args = value.args
        if args and isinstance(args[0], Instance) and args[0].building and args[0].cls is receiver.cls \
                and not receiver.building:
            args = (receiver,) + args[1:]  # `self.act = self._scaled`: bound to the object being built
        if func is value.func and args is value.args:
            return value
        return Partial(func, args, value.keywords, value.arg_nodes, value.keyword_nodes)
    if not isinstance(value, Function) or receiver.building:
        return value
    closure = value.closure
    scopes = closure.static_scopes
    if not scopes or method_kind(scopes[-1]) != "plain" or not positional_params(scopes[-1].args):
        return value
    own = positional_params(scopes[-1].args)[0].arg
    if own not in closure.vars:
        return value
    held = closure.vars[own]
    # The store's `self`: the object under construction, or (a store read without a
    # construction) unknown in a method of the object's own class. A finished object there is
    # another one's function copied over (`self.f = other.f`): it keeps its own `self`.
    if not (isinstance(held, Instance) and held.building and held.cls is receiver.cls
            or isinstance(held, AxisState) and held.unknown and interp.scope.class_of(scopes[-1]) is receiver.cls):
        return value
    from codemods.analysis.interpreter import Frame

    rebound = Frame(None, closure.parent, vars={**closure.vars, own: receiver}, static_scopes=scopes,
                    opaque=closure.opaque)
    return Function(value.node, rebound)


def wrapped_in_class(interp: Interpreter, cls: ast.ClassDef, expr: ast.expr, frame: Frame) -> tuple[str, Value] | None:
    """`staticmethod(f)` / `classmethod(f)` written as a class attribute: (the wrapper, f)."""
    if type(expr) is not ast.Call or type(expr.func) is not ast.Name or expr.func.id not in _WRAPPERS \
            or len(expr.args) != 1 or expr.keywords or type(expr.args[0]) is ast.Starred \
            or interp.scope.globals.binds(expr.func.id):
        return None
    return expr.func.id, interp.eval(expr.args[0], frame)


def class_body_value(interp: Interpreter, receiver: ClassValue | Instance, expr: ast.expr, frame: Frame) -> Value:
    """A class attribute that is not a def of the class body, read through the class or an
    object, as Python's attribute lookup gives it."""
    wrapped = wrapped_in_class(interp, receiver.cls, expr, frame)
    if wrapped is not None:
        kind, func = wrapped
        if not isinstance(func, (Function, Partial, JaxName)):
            return func if kind == "staticmethod" else UNKNOWN
        return func if kind == "staticmethod" else Partial(func, (ClassValue(receiver.cls),), (), (receiver.cls,))
    value = interp.eval(expr, frame)
    if isinstance(value, Function) and isinstance(receiver, Instance):
        return Partial(value, (receiver,), (), (receiver.cls,))  # a plain function read through an object is bound
    return value

