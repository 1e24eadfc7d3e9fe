"""Classes registered with `@jax.tree_util.register_pytree_node_class` as in_specs (issue 13):
`in_specs=(CouplingStack(P(None, None, "hidden"), P(None, "hidden", None)), P("batch"))`.

JAX flattens the spec object with its class's `tree_flatten` (the children are the specs, the
aux data must equal the argument's, else the call raises before the body runs) and hands the
body `cls.tree_unflatten(aux, children)` with each child an array of its spec's type. So the
body's object is what the class's own two methods build: the spec object is constructed with the
specs' states in their places, `tree_flatten` is run on it, then `tree_unflatten` on its aux
data and children, all by the interpreter; anything it cannot follow there is unknown. (What a
script run knows of the same registrations, where walking such an object stops the run, is
script_pytree_nodes.py.)
"""
from __future__ import annotations

import ast


_REGISTER = "jax.tree_util.register_pytree_node_class"


def pytree_node_class(scope, cls: ast.ClassDef) -> bool:
    """A module class registered by the decorator alone (no bases, no keywords), with a plain
    `tree_flatten` and a `@classmethod tree_unflatten` of its own."""
    if cls.bases or cls.keywords or len(cls.decorator_list) != 1 or scope.resolve(cls.decorator_list[0]) != _REGISTER:
        return False
    members = {member.name: member for member in cls.body if isinstance(member, ast.FunctionDef)}
    flatten, unflatten = members.get("tree_flatten"), members.get("tree_unflatten")
    return flatten is not None and not flatten.decorator_list and unflatten is not None \
        and len(unflatten.decorator_list) == 1 and isinstance(unflatten.decorator_list[0], ast.Name) \
        and unflatten.decorator_list[0].id == "classmethod" and not scope.globals.binds("classmethod")


def unflattened(interp, obj):
    """`cls.tree_unflatten(*obj.tree_flatten()[::-1])` as the interpreter runs it."""
    from codemods.analysis.values import UNKNOWN, ClassValue, Instance, TupleValue  # (values imports specs)

    if not isinstance(obj, Instance):
        return UNKNOWN
    frame = interp.module_frame
    interp.silent += 1  # the spec object's methods: what JAX runs on specs, not on arrays
    try:
        flatten = interp.class_attribute(obj, "tree_flatten")
        flat = interp.call(flatten, None, [], {}, False, frame)
        if not (isinstance(flat, TupleValue) and len(flat.items) == 2):
            return UNKNOWN
        children, aux = flat.items
        unflatten = interp.class_attribute(ClassValue(obj.cls), "tree_unflatten")
        return interp.call(unflatten, None, [(aux, None), (children, None)], {}, False, frame)
    finally:
        interp.silent -= 1
