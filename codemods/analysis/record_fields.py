"""The field of a record a loader yields: `yield Batch(images=x, labels=y)`, read as `batch.labels`.

A `typing.NamedTuple` (its fields cannot be assigned) or a plain dataclass, built by a call of the
module class with keywords (or, for a NamedTuple, positionally in the order its annotations
declare the fields), read through names, parameters and one-return helpers. A dataclass field is
trusted only while the file never stores an attribute of that name or sets attributes by name.
Anything else (a custom `__init__`, `**kwargs`, other bases) is unknown (None).
"""
from __future__ import annotations

from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")


def record_field(ctx: FileContext, value: cst.BaseExpression, env, attr: str):
    """(expression, Env) of field `attr` of the record `value` builds, else None."""
    from codemods.analysis.call_sites import _attribute_facts
    from codemods.analysis.iterated import _stores
    from codemods.analysis.local_names import resolve_name
    from codemods.analysis.named_axes import _constructed_field, _is_dataclass, _is_named_tuple
    from codemods.analysis.spec_sources import follow_env
    from codemods.analysis.tree_leaves import _produced

    held, _, env = follow_env(ctx, value, env)
    if not isinstance(held, cst.Call) or not isinstance(held.func, cst.Name):
        return None
    binding = resolve_name(ctx, held.func)
    if binding is not None and binding.kind == "def" and isinstance(binding.node, cst.FunctionDef):
        held, env = _produced(ctx, held, env)  # `state = init(mesh)` returning `State(params=...)`
        if not isinstance(held, cst.Call) or not isinstance(held.func, cst.Name):
            return None
        binding = resolve_name(ctx, held.func)
    if binding is None or binding.kind != "def" or not isinstance(binding.node, cst.ClassDef):
        return None
    classdef = binding.node
    named_tuple = _is_named_tuple(ctx, classdef)
    if not named_tuple and (not _is_dataclass(ctx, classdef) or _stores(ctx).get(attr)
                            or _attribute_facts(ctx)["dynamic"]):
        return None
    call = _keyword_call(classdef, held) if named_tuple else held
    field = _constructed_field(ctx, classdef, call, attr) if call is not None else None
    return (field, env) if field is not None else None


def _keyword_call(classdef: cst.ClassDef, call: cst.Call) -> cst.Call | None:
    """A NamedTuple construction with its positional arguments named by the fields' order."""
    if not any(arg.keyword is None for arg in call.args):
        return call
    fields = tuple_fields(classdef)
    given = [arg for arg in call.args if arg.keyword is None]
    if any(arg.star for arg in call.args) or len(given) > len(fields) \
            or any(arg.keyword is None for arg in call.args[len(given):]):
        return None
    named = [arg.with_changes(keyword=cst.Name(field), equal=cst.AssignEqual())
             for arg, field in zip(given, fields)]
    return call.with_changes(args=[*named, *call.args[len(given):]])


def tuple_fields(classdef: cst.ClassDef) -> list[str]:
    """A NamedTuple class's fields, in the order its annotations declare them."""
    return [statement.body[0].target.value for statement in classdef.body.body
            if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1
            and isinstance(statement.body[0], cst.AnnAssign) and isinstance(statement.body[0].target, cst.Name)]


def positional_item(ctx: FileContext, value: cst.BaseExpression, env, index: int):
    """(expression, Env) of the item at `index` that iterating `value` gives, when `value` is a
    NamedTuple construction (its fields in declared order) or a tuple literal with no starred
    item (a list may be changed in place); else None."""
    from codemods.analysis.local_names import resolve_name
    from codemods.analysis.named_axes import _is_named_tuple
    from codemods.analysis.spec_sources import follow_env

    held, _, held_env = follow_env(ctx, value, env)
    if isinstance(held, cst.Tuple):
        if any(isinstance(element, cst.StarredElement) for element in held.elements) or index >= len(held.elements):
            return None
        return held.elements[index].value, held_env
    if not isinstance(held, cst.Call) or not isinstance(held.func, cst.Name):
        return None
    binding = resolve_name(ctx, held.func)
    if binding is None or binding.kind != "def" or not isinstance(binding.node, cst.ClassDef) \
            or not _is_named_tuple(ctx, binding.node):
        return None
    fields = tuple_fields(binding.node)
    return record_field(ctx, held, held_env, fields[index]) if index < len(fields) else None
