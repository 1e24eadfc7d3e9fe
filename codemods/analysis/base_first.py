"""A subclass `__init__` that calls `super().__init__(...)` before it touches `self`:

    class AMPTrainer(DefaultTrainer):
        def __init__(self, cfg, mesh, data):
            super().__init__(cfg, mesh, data)      # stores self.model_axis, self.weight_spec
            self._step = jax.shard_map(..., in_specs=(self.weight_spec, ...))

The base's stores then run first, in their own order, each reading the fields its `__init__`
stored above it (`self.weight_spec = P(None, self.model_axis)`), and the subclass's stores read
every base field it never stores itself. Without that order (a store of the subclass before the
call) the fields are read as before: a field the base also sets is unknown while building.
"""
from __future__ import annotations

import ast

from codemods.analysis.keyword_pops import read_expr
from codemods.analysis.init_stores import immutable, store_order, stored_before, stored_value
from codemods.analysis.nodes import iter_nodes, positional_params
from codemods.analysis.pyvalues import SPREAD
from codemods.analysis.values import UNKNOWN, Instance, Value


def super_first(facts) -> bool:
    """`super().__init__(...)` is a statement of `__init__`'s top level that no statement before
    it reaching `self` precedes, and nothing stores fields by a loop over keywords."""
    if facts.init is None or facts.base_call is None or facts.kwargs_loop is not None or facts.base.init is None:
        return False
    receiver = positional_params(facts.init.args)[0].arg
    for stmt in facts.init.body:
        if type(stmt) is ast.Expr and stmt.value is facts.base_call:
            return True
        if any(type(node) is ast.Name and node.id == receiver for node in iter_nodes(stmt)):
            return False
    return False


def first_fields(interp, facts, frame, cls) -> dict[str, Value] | None:
    """The fields the bases' `__init__`s store before the subclass's own statements run (the
    subclass `facts`, its `__init__` bound in `frame`, constructing `cls`), None when a base is
    not read so (hooks, a base storing before its own `super()` call)."""
    base = facts.base
    if base.hook_stores or base.kwargs_loop is not None:
        return None
    base_frame = _base_frame(interp, facts, frame)
    if base_frame is None:
        return None
    earlier: dict[str, Value] = {}
    if base.base is not None:
        if not super_first(base) or (earlier := first_fields(interp, base, base_frame, cls)) is None:
            return None
    receiver, order = positional_params(base.init.args)[0].arg, store_order(base.init)
    own = own_targets(base)
    fields: dict[str, Value] = {}
    for attr, expr in base.stores.items():
        base_frame.vars[receiver] = Instance(cls, visible(earlier, own, fields, order, attr), building=True)
        fields[attr] = stored_value(interp, read_expr(base.init, expr), base_frame)
    base_frame.vars[receiver] = UNKNOWN
    return {**earlier, **fields}


def visible(earlier: dict[str, Value], own: frozenset[str], fields: dict[str, Value], order: dict[str, int],
            attr: str) -> tuple[tuple[str, Value], ...]:
    """The fields the store of `attr` reads as stored: the bases' (`earlier`) that this
    `__init__` never stores (`own`), and its own stored before it (init_stores.stored_before)."""
    inherited = {name: value for name, value in earlier.items() if name not in own and immutable(value)}
    return tuple(sorted({**inherited, **dict(stored_before(fields, order, attr))}.items()))


def own_targets(facts) -> frozenset[str]:
    """Every field an `__init__` stores anywhere in its body (a branch, a loop), not only at its
    top level."""
    receiver = positional_params(facts.init.args)[0].arg
    return frozenset(node.attr for node in iter_nodes(facts.init) if type(node) is ast.Attribute
                     and type(node.ctx) is ast.Store and type(node.value) is ast.Name and node.value.id == receiver) \
        | frozenset(facts.hook_stores)


def base_stores(interp, facts, frame, fields: dict[str, Value]) -> bool:
    """The fields `super().__init__(...)` sets, from its arguments in the subclass's __init__, when
    the order of the calls is not known (a subclass store before the call): a field both set is
    unknown."""
    base = facts.base
    base_frame = _base_frame(interp, facts, frame)
    if base_frame is None:
        return False
    for attr, expr in base.stores.items():
        fields[attr] = UNKNOWN if attr in facts.stores else stored_value(interp, read_expr(base.init, expr), base_frame)
    if base.kwargs_loop is not None and (base.hook_stores or not interp._hook_fields(
            base, base.cls, base_frame, fields, set(facts.stores))):
        return False  # the base's `setattr(self, k, v)` over what its **kwargs still hold (init_hooks.py)
    return base.base is None or base_stores(interp, base, base_frame, fields)


def _base_frame(interp, facts, frame):
    """The frame of the base's `__init__` as `super().__init__(...)` calls it from `frame`; None
    when its arguments are not bound plainly."""
    args, keywords, starred = interp._eval_args(facts.base_call, frame)
    if starred and starred != SPREAD:
        return None
    return interp._init_frame(facts.base.init, [value for value, _ in args],
                              {name: value for name, (value, _) in keywords.items()})
