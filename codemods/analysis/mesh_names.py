"""`mesh.axis_names` of a mesh the file builds (`mesh = jax.make_mesh(shape, names)`), read on
LibCST for SF104's specs (`P(mesh.axis_names)`: one dimension over every mesh axis). A mesh that
is a parameter, rebound, or built by anything else is unknown (None)."""
from __future__ import annotations

from codemods import jaxapi
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")


def mesh_axis_names(ctx: FileContext, node: cst.BaseExpression) -> tuple[str, ...] | None:
    from codemods.analysis.named_axes import named_axes
    from codemods.analysis.specs import call_argument
    from codemods.analysis.local_names import follow_names

    if not isinstance(node, cst.Attribute) or node.attr.value != "axis_names" or not isinstance(node.value, cst.Name):
        return None
    built, _ = follow_names(ctx, node.value)
    if not isinstance(built, cst.Call):
        return None
    keyword = jaxapi.MESH_FACTORIES.get(ctx.imports.resolve(built.func) or "")
    names = call_argument(built, 1, keyword) if keyword is not None else None
    return named_axes(ctx, names) if names is not None else None
