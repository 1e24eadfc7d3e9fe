"""Specs written with a starred sequence of axes: `P(*AXES)`, `P(*mesh.axis_names)`, `P(None, *DIMS)`.

Each item of the sequence is one dimension. The sequence is a tuple or list literal (read through
names, class attributes and slices), `mesh.axis_names` of a mesh the file builds, or an instance
of a module `typing.NamedTuple` class built with keywords or defaults (`AXES = MeshAxes()`), whose
items are its fields in the order the class annotates them. Positional arguments and
`reduced=`/`unreduced=` sets of names, each read for certain; anything else is unknown (None). The result has
no literal dimension of its own: a fix writes its axes by value.
"""
from __future__ import annotations

from codemods.analysis.specs import PARTITION_SPEC, Spec, SpecLiteral, parse_axes, parse_axis_set
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")


def starred_spec(ctx: FileContext, node: cst.BaseExpression) -> SpecLiteral | None:
    """The spec a `P(...)` call with a `*sequence` argument writes, else None."""
    from codemods.analysis.named_axes import named_axes

    if not isinstance(node, cst.Call) or ctx.imports.resolve(node.func) != PARTITION_SPEC \
            or not any(arg.star == "*" for arg in node.args):
        return None
    partitions: list = []
    sets: dict = {}
    for arg in node.args:
        if arg.keyword is not None and arg.keyword.value in ("reduced", "unreduced") and not arg.star:
            axes = parse_axis_set(ctx, arg.value)  # `P(*LAYOUT, reduced={"data"})`
            if axes is None:
                return None
            sets[arg.keyword.value] = axes
            continue
        if arg.keyword is not None or arg.star == "**":
            return None
        if arg.star == "*":
            items = _dimensions(ctx, arg.value)
            if items is None:
                return None
            partitions.extend(items)
            continue
        axes = parse_axes(arg.value)
        axes = axes if axes is not None else named_axes(ctx, arg.value)
        if axes is None:
            return None
        partitions.append(axes)
    return SpecLiteral(node, Spec(tuple(partitions), sets.get("reduced", ()), sets.get("unreduced", ())), (), None)


def _dimensions(ctx: FileContext, node: cst.BaseExpression) -> list | None:
    """The axes of each item of the sequence `node` holds (one dimension each), else None."""
    from codemods.analysis.named_axes import _held, axis_sequence, named_axes

    held = _held(ctx, node)
    if isinstance(held, (cst.Tuple, cst.List)):
        items = []
        for element in held.elements:
            if type(element) is not cst.Element:
                return None
            axes = parse_axes(element.value)
            axes = axes if axes is not None else named_axes(ctx, element.value)
            if axes is None:
                return None
            items.append(axes)
        return items
    fields = _record_items(ctx, held)
    if fields is not None:
        return fields
    names = axis_sequence(ctx, node)  # `mesh.axis_names`, `AXES[:2]`: one name per item
    return [(name,) for name in names] if names is not None else None


def record_construction(ctx: FileContext, held) -> tuple | None:
    """(the class, its field names in order) of `held` when it constructs a module NamedTuple class."""
    from codemods.analysis.local_names import resolve_name
    from codemods.analysis.named_axes import _is_named_tuple, _top_statements

    if not isinstance(held, cst.Call) or not isinstance(held.func, cst.Name):
        return None
    binding = resolve_name(ctx, held.func)
    classdef = binding.node if binding is not None and binding.kind == "def" else None
    if not isinstance(classdef, cst.ClassDef) or not _is_named_tuple(ctx, classdef):
        return None
    return classdef, [small.target.value for small in _top_statements(classdef)
                      if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name)]


def _record_items(ctx: FileContext, held) -> list | None:
    """The fields of a NamedTuple instance, in the class's order, each read as one dimension."""
    from codemods.analysis.named_axes import _constructed_field, named_axes

    record = record_construction(ctx, held)
    if record is None:
        return None
    classdef, names = record
    if any(arg.keyword is not None and arg.keyword.value not in names for arg in held.args):
        return None
    items = []
    for name in names:
        value = _constructed_field(ctx, classdef, held, name)
        if value is None:
            return None  # a field without a default the call leaves out raises TypeError; unknown anyway
        axes = parse_axes(value)
        axes = axes if axes is not None else named_axes(ctx, value)
        if axes is None:
            return None
        items.append(axes)
    return items
