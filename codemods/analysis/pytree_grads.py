"""The gradient of an equinox-style module (a `@jax.tree_util.register_dataclass` dataclass):
JAX differentiates its data leaves and keeps its static fields, so the gradient is an object of
the same class whose leaves have the states of the primal's (higher_order.py checks them)."""
from __future__ import annotations

from codemods.analysis.record_specs import registered_dataclass
from codemods.analysis.values import UNKNOWN, Instance, TupleValue, Value


def module_leaves(scope, value: Value) -> tuple[Value, ...] | None:
    """The data fields of an object of a registered dataclass of the module (None: not one, or
    one whose fields are not known)."""
    if not isinstance(value, Instance) or value.fields is None:
        return None
    fields = registered_dataclass(scope, value.cls)
    if not fields:
        return None
    static = {name for name, is_static in fields if is_static}
    data = [item for name, item in value.fields if name not in static]
    return tuple(data) if len(value.fields) == len(fields) and data else None


def as_tree(scope, value: Value) -> Value:
    """An object of a registered dataclass as the tuple of its data fields in declared order (JAX's
    leaves; static fields are structure), nested ones too; any other value as it is."""
    if not isinstance(value, Instance) or value.fields is None:
        return value
    fields = registered_dataclass(scope, value.cls)
    own = dict(value.fields)
    if not fields or len(own) != len(fields):
        return value
    return TupleValue(tuple(as_tree(scope, own[name]) for name, is_static in fields if not is_static))


def restored_module(scope, template: Value, result: Value) -> Value:
    """`result`, mapped over `as_tree(template)`, as an object of the template's class again."""
    fields = registered_dataclass(scope, template.cls) if isinstance(template, Instance) else None
    if not fields or template.fields is None:
        return result
    data = [name for name, is_static in fields if not is_static]
    if not isinstance(result, TupleValue) or len(result.items) != len(data):
        return UNKNOWN
    own = dict(template.fields)
    mapped = dict(zip(data, result.items))
    return Instance(template.cls, tuple(sorted(
        (name, restored_module(scope, own[name], mapped[name]) if name in mapped else own[name]) for name, _ in fields)))


def module_tree_map(interp, args, frame, expr, is_leaf: bool) -> Value | None:
    """`jax.tree.map(f, model, *rest)` over equinox-style modules: f on the data leaves, the
    result an object of the same class (None: the first tree is no such module)."""
    template = args[1][0]
    if is_leaf or as_tree(interp.scope, template) is template:
        return None
    trees = [(as_tree(interp.scope, tree), node) for tree, node in args[1:]]
    return restored_module(interp.scope, template, interp.tree_map([args[0]] + trees, frame, expr))
