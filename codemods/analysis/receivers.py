"""The instances a method is called on, for reading `self.field` where the method runs.

`def export(self): top_level_all_gather(self.params['w'], ...)` says nothing of `self.params`
by itself; the file's calls `t.export()` with `t = Trainer(mesh, params)` do, through the field
`__init__` stores (iterated.init_field). Each call's receiver is bound to `self` only when the
file shows every call of the method (call_sites._method_calls: a method of a module class no
class derives from, its name used only in calls and defined by no other class), the method is
undecorated and never rebinds `self`. The callers may lie in code the sparse text blanks out:
on any other context than the whole file the analysis notes that it asked (call_sites.asked).
"""
from __future__ import annotations

from codemods.analysis.cst_children import reads_name
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")


def receiver_envs(ctx: FileContext, expr: cst.BaseExpression) -> list | None:
    """[Env binding `self` to one call's receiver] for each call of the method holding `expr`,
    when `expr` reads `self`; else None."""
    from codemods.analysis.call_sites import _method_calls, _method_class, asked
    from codemods.analysis.local_names import _scope_info, scope_of
    from codemods.analysis.spec_sources import Env

    function = scope_of(ctx, expr)
    getter = isinstance(function, cst.FunctionDef) and _is_property(ctx, function)
    if not isinstance(function, cst.FunctionDef) or function.decorators and not getter:
        return None
    params = [*function.params.posonly_params, *function.params.params]
    cls = _method_class(ctx, function)
    if cls is None or not params:
        return None
    me = params[0].name.value
    if _scope_info(ctx, function).bindings.get(me) or not reads_name(expr, me):
        return None
    if ctx.whole_file() is not ctx:
        asked(ctx).append(me)
        return None
    if getter:  # `plan.gathered`: each read of the attribute runs the getter on its receiver
        reads = _property_reads(ctx, cls, function.name.value)
        return [Env(function, {me: (read.value, None)}) for read in reads] if reads else None
    calls = _method_calls(ctx, cls, function.name.value)
    if not calls:
        return None
    return [Env(function, {me: (call.func.value, None)}) for call in calls]


def _is_property(ctx: FileContext, function: cst.FunctionDef) -> bool:
    """Decorated by the builtin `property` alone (never rebound in the file)."""
    from codemods.analysis.iterated import _bound_names

    return len(function.decorators) == 1 and isinstance(function.decorators[0].decorator, cst.Name) \
        and function.decorators[0].decorator.value == "property" and "property" not in _bound_names(ctx)


def _property_reads(ctx: FileContext, cls: cst.ClassDef, name: str) -> list | None:
    """Every `obj.name` read of a property, when the file uses the attribute `name` only as plain
    reads (never called, stored or deleted), no class derives from `cls`, no other class defines
    `name`, no read is on the class itself, and nothing reaches attributes by name (getattr)."""
    import ast

    from codemods.analysis.call_sites import _attribute_facts, _names_class
    from codemods.analysis.local_names import parents

    facts = _attribute_facts(ctx)
    if facts["dynamic"] or facts["calls"].get(name) or cls.name.value in facts["bases"] \
            or facts["definers"].get(name, 0) != 1:
        return None
    loads = [node for node in ast.walk(ctx.tree) if isinstance(node, ast.Attribute) and node.attr == name]
    if any(not isinstance(node.ctx, ast.Load) for node in loads):
        return None
    reads = [node for node in parents(ctx) if isinstance(node, cst.Attribute) and node.attr.value == name]
    if len(reads) != len(loads) or any(_names_class(ctx, read.value, cls) for read in reads):
        return None
    return reads
