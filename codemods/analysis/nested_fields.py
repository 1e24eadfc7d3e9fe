"""A field of an object held in a field of another: `self.layout.obs_dense`, `cfg.layout.checkpoint`.

The outer object is found as follow_env finds any value (a field `__init__` stores from its
argument, a parameter the followed call binds, a local holding a construction); what it holds is
then a construction of a module class (`AnnLayout()`), or, for a dataclass field written
`field(default_factory=QueueLayout)` that the construction does not give, an object that class
builds with no arguments. The field read on it is what named_axes reads for one level: the
keyword the construction passes or the class default (a `field(default=...)` or a
`default_factory=lambda: ...` included). Any field name the file assigns anywhere, a class with
its own `__init__`, `__post_init__` or attribute hooks, positional arguments, or an object found
any other way is unknown (None).
"""
from __future__ import annotations

from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

_MAX_DEPTH = 4


def nested_field(ctx: FileContext, node: cst.Attribute, env, depth: int = 0):
    """(expression, Env) the field `node` certainly holds, its receiver a field itself; else None."""
    if depth > _MAX_DEPTH or not isinstance(node.value, cst.Attribute):
        return None
    owner = _object(ctx, node.value, env, depth + 1)
    return _field(ctx, owner, node.attr.value) if owner is not None else None


def _object(ctx: FileContext, expr: cst.BaseExpression, env, depth: int):
    """(construction Call or ClassDef, Env) of the object `expr` holds, else None."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(expr, cst.Attribute):  # `cfg.layout`: the field of the object `cfg` holds, when that is known
        owner = _object(ctx, expr.value, env, depth + 1)
        held = _field(ctx, owner, expr.attr.value) if owner is not None else None
        if held is not None:
            expr, env = held
            if isinstance(expr, cst.ClassDef):
                return expr, None
    from codemods.analysis.spec_sources import follow_env

    node, _, inner = follow_env(ctx, expr, env)
    if isinstance(node, cst.ClassDef):
        return node, None
    if not isinstance(node, cst.Call) or _class_of(ctx, node.func) is None:
        return None
    return node, inner


def _class_of(ctx: FileContext, func: cst.BaseExpression):
    from codemods.analysis.local_names import resolve_name

    if not isinstance(func, cst.Name):
        return None
    built = resolve_name(ctx, func)
    if built is None or built.kind != "def" or not isinstance(built.node, cst.ClassDef):
        return None
    return built.node


def _field(ctx: FileContext, owner, attr: str):
    from codemods.analysis.named_axes import _assigned_attributes, _class_attribute, _constructed_field, _is_dataclass

    made, env = owner
    assigned = _assigned_attributes(ctx)
    if attr in assigned or "*" in assigned:
        return None
    classdef = made if isinstance(made, cst.ClassDef) else _class_of(ctx, made.func)
    call = made if isinstance(made, cst.Call) else cst.Call(func=cst.Name(classdef.name.value))
    given = any(arg.keyword is not None and arg.keyword.value == attr for arg in call.args)
    default = _class_attribute(ctx, classdef, attr) if not given else None
    if isinstance(default, cst.Call) and _is_dataclass(ctx, classdef) \
            and ctx.imports.resolve(default.func) == "dataclasses.field" \
            and all(arg.keyword is not None and not arg.star for arg in default.args) \
            and [arg.keyword.value for arg in default.args] == ["default_factory"]:
        factory = _class_of(ctx, default.args[0].value)  # `field(default_factory=QueueLayout)`
        if factory is not None and _is_dataclass(ctx, factory) \
                and _constructed_field(ctx, classdef, call, attr) is None:
            return factory, None
    held = _constructed_field(ctx, classdef, call, attr)
    if held is None:
        return None
    return held, env if given else None
