"""Axis tuples a module builds with a comprehension instead of writing them out (SF104's specs).

Projects that keep their mesh axes in an Enum derive the tuple from it once
(`ALL = tuple(a.value for a in Axis)`, `[m.value for m in MeshAxis]`, `tuple(a.name for a in Axis)`),
others rename or copy a tuple of names (`tuple(n for n in NAMES)`). The items are read from the
file when certain: one `for` without `if`, the element being the loop target itself (over a tuple
or list literal) or its `.value` / `.name` (over an Enum class of the file whose members are
assigned distinct string literals, with no custom member machinery and no subclass). `tuple`
and `list` must be the builtins. Anything else is unknown (None).
"""
from __future__ import annotations

from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

_FLAGS = frozenset({"enum.Flag", "enum.IntFlag"})
# Members that change what iterating the class meets, or what `.value` holds.
_CUSTOM = frozenset({"__new__", "__init__", "_generate_next_value_", "_ignore_", "_missing_", "__iter__",
                     "_order_"})


def comprehended_items(ctx: FileContext, held) -> list | None:
    """The item nodes `held` (a `tuple(...)`/`list(...)` of a generator, or a list comprehension)
    certainly yields, in order; else None."""
    comp = _comprehension(ctx, held)
    if comp is None:
        return None
    for_in = comp.for_in
    if for_in.inner_for_in is not None or for_in.ifs or for_in.asynchronous is not None \
            or not isinstance(for_in.target, cst.Name):
        return None
    target, elt = for_in.target.value, comp.elt
    if isinstance(elt, cst.Name) and elt.value == target:
        from codemods.analysis.named_axes import _sequence
        from codemods.analysis.local_names import follow_names

        source, _ = follow_names(ctx, for_in.iter)
        return _sequence(ctx, source) if isinstance(source, (cst.Tuple, cst.List)) else None
    if isinstance(elt, cst.Attribute) and isinstance(elt.value, cst.Name) and elt.value.value == target \
            and elt.attr.value in ("value", "name"):
        members = _enum_members(ctx, for_in.iter)
        if members is None:
            return None
        if elt.attr.value == "value":
            return [value for _, value in members]
        return [cst.SimpleString(repr(name)) for name, _ in members]
    return None


def _comprehension(ctx: FileContext, held):
    if isinstance(held, cst.ListComp):
        return held
    if not isinstance(held, cst.Call) or not isinstance(held.func, cst.Name) \
            or held.func.value not in ("tuple", "list") or len(held.args) != 1:
        return None
    from codemods.analysis.iterated import _bound_names

    arg = held.args[0]
    if held.func.value in _bound_names(ctx) or arg.star or arg.keyword is not None:
        return None
    return arg.value if isinstance(arg.value, (cst.GeneratorExp, cst.ListComp)) else None


def _enum_members(ctx: FileContext, iterated) -> list[tuple[str, object]] | None:
    """(name, value node) of each member `for a in Axis` meets, for an Enum class of the file
    whose body assigns each member once a distinct string literal; else None."""
    from codemods.analysis.named_axes import _enum_kind, _has_subclass
    from codemods.analysis.specs import string_value
    from codemods.analysis.local_names import resolve_name

    if not isinstance(iterated, cst.Name):
        return None
    binding = resolve_name(ctx, iterated)
    if binding is None or binding.kind != "def" or not isinstance(binding.node, cst.ClassDef):
        return None
    classdef = binding.node
    if _enum_kind(ctx, classdef) not in ("str", "enum") or _has_subclass(ctx, classdef) or classdef.decorators \
            or classdef.keywords or any(ctx.imports.resolve(base.value) in _FLAGS for base in classdef.bases):
        return None
    members: list[tuple[str, object]] = []
    body = classdef.body.body if isinstance(classdef.body, cst.IndentedBlock) else [classdef.body]
    for statement in body:
        if isinstance(statement, cst.FunctionDef):
            if statement.name.value in _CUSTOM:
                return None
            continue
        if not isinstance(statement, cst.SimpleStatementLine):
            return None
        for small in statement.body:
            if isinstance(small, (cst.Pass, cst.Expr)) and (isinstance(small, cst.Pass) or string_value(small.value) is not None):
                continue  # a docstring or `pass`
            if not isinstance(small, cst.Assign) or len(small.targets) != 1 \
                    or not isinstance(small.targets[0].target, cst.Name):
                return None
            name = small.targets[0].target.value
            if name.startswith("_") or string_value(small.value) is None:
                return None
            members.append((name, small.value))
    names = [name for name, _ in members]
    values = [string_value(value) for _, value in members]
    if not members or len(set(names)) != len(names) or len(set(values)) != len(values):
        return None  # a repeated value is an alias, which iterating the class skips
    return members
