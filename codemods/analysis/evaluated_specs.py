"""in_specs the text does not spell out but the interpreter computes (issue 13): `in_specs=lat.spec`
of a `@property` returning `P(*self.AXES)` on an object a field holds (`lat = self.lattice`).

When meshspec cannot read the expression, it is evaluated like any other value, from the names
around the shard_map call and judging nothing. A PartitionSpec written without `reduced=` or
`unreduced=` whose entries are all known (None, an axis name, a tuple of names) is that spec; a
tuple of such specs is one per argument. Anything else stays unknown (None).
"""
from __future__ import annotations

import ast

from codemods.analysis.meshspec import Spec
from codemods.analysis.tuple_classes import FieldedSpecs
from codemods.analysis.values import Const, SpecValue, TupleValue, Value


def in_spec_tree(interp, expr, scopes) -> Spec | tuple | None:
    """The in_specs tree `expr` writes (meshspec.parse_spec), else the one it evaluates to."""
    from codemods.analysis.meshspec import parse_spec

    tree = parse_spec(interp.scope, expr, scopes)
    if isinstance(tree, tuple) and type(expr) is ast.Tuple and len(expr.elts) == len(tree) \
            and not any(type(item) is ast.Starred for item in expr.elts):
        # `(P(b, s, None), table_spec)` with `table_spec = P(s) if cfg["shard"] else P()`: each
        # entry the text leaves unknown is evaluated on its own
        return tuple(evaluated_spec_tree(interp, node, scopes) if item is None else item
                     for item, node in zip(tree, expr.elts))
    if isinstance(tree, tuple) and None in tree:
        # `(cfg.qkv_spec,) * 3 + (cfg.wo_spec,)`: the text gives the tuple's length, a run of the
        # expression the entries the text leaves unknown
        evaluated = evaluated_spec_tree(interp, expr, scopes)
        if isinstance(evaluated, tuple) and len(evaluated) == len(tree):
            return tuple(evaluated[index] if item is None else item for index, item in enumerate(tree))
    return evaluated_spec_tree(interp, expr, scopes) if tree is None else tree


def evaluated_spec_tree(interp, expr, scopes) -> Spec | tuple | None:
    interp.silent += 1  # read for its value: what the expression runs is judged where it is called
    try:
        value = interp.eval(expr, interp._static_frame(scopes))
    finally:
        interp.silent -= 1
    return _tree(expr, value, 0, interp.tuple_fields)


def _tree(expr, value: Value, depth: int, fields_of) -> Spec | tuple | None:
    """(`expr`: the node the spec is read at; no place for an edit: other code computes it.)
    `fields_of`: the field names of a made class's object (tuple_classes.py), kept on its tree."""
    if isinstance(value, SpecValue):
        partitions = tuple(_axes(entry) for entry in value.entries)
        if None in partitions:
            return None
        return Spec(expr, tuple(axis for axes in partitions for axis in axes), (), (), None, in_helper=True,
                    dims=partitions)
    if isinstance(value, TupleValue) and depth < 4:
        items = tuple(_tree(expr, item, depth + 1, fields_of) for item in value.items)
        if any(item is None for item in items):
            return None
        fields = fields_of(value)
        if fields is None:
            return items
        return FieldedSpecs.of(items, fields)
    return None


def _axes(entry: Const) -> tuple[str, ...] | None:
    if entry.value is None:
        return ()
    if isinstance(entry.value, str):
        return (entry.value,)
    if isinstance(entry.value, tuple) and all(isinstance(axis, str) for axis in entry.value):
        return entry.value
    return None


def rejected_spec(interp, use) -> bool:
    """A PartitionSpec given to the shard_map that JAX refuses to make (ValueError), so the
    program stops before shard_map runs the body (found by devqa): a partition axis also named
    reduced= or unreduced= (`P(a, None, reduced={a})`), or one axis in both sets. Only specs the
    text spells out are read, and only their str axis names."""
    from codemods.analysis.meshspec import parse_spec
    from codemods.analysis.chain_arguments import passed_through

    pending = []
    for expr in (use.in_specs, use.out_specs):
        if expr is not None:
            node, scopes = passed_through(use, expr)
            pending.append(parse_spec(interp.scope, node, scopes) if node is not None else None)
    while pending:
        tree = pending.pop()
        if isinstance(tree, (tuple, list)):
            pending.extend(tree)
        elif isinstance(tree, dict):
            pending.extend(tree.values())
        elif isinstance(tree, Spec):
            sharded = {axis for axis in tree.sharded if type(axis) is str}
            reduced = {axis for axis in tree.reduced if type(axis) is str} if tree.reduced_literal else set()
            unreduced = {axis for axis in tree.unreduced if type(axis) is str}
            if sharded & reduced or sharded & unreduced or reduced & unreduced:
                return True
    return False
