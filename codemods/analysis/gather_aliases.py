"""A name bound to `functools.partial(top_level_all_gather, ...)` and called like the gather.

`export = partial(top_level_all_gather, out_sharding=S)` then `export(x)` is the call
`top_level_all_gather(x, out_sharding=S)`: the partial's positional arguments come first, then
the call's, and a keyword the call gives replaces the partial's. Only a name with one binding
that certainly reaches the call (local_names.resolve_name) counts; a starred argument on either
side leaves the arguments unknown.
"""
from __future__ import annotations

from codemods.analysis.local_names import resolve_name
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

_PARTIAL = "functools.partial"


def gather_partial(ctx: FileContext, func: cst.BaseExpression, names: set[str], env=None) -> cst.Call | None:
    """The `partial(<gather>, ...)` call `func` is certainly bound to, else None: a name, or an
    item of a constant table (`EXPORTERS[name]`, its key bound by `env`, spec_sources.table_item)."""
    if isinstance(func, cst.Subscript):
        from codemods.analysis.spec_sources import table_item

        made = table_item(ctx, func, env) if env is not None else None
        return made if isinstance(made, cst.Call) and _is_gather_partial(ctx, made, names) else None
    if not isinstance(func, cst.Name):
        return None
    binding = resolve_name(ctx, func)
    if binding is None or binding.kind != "assign" or not isinstance(binding.value, cst.Call):
        return None
    return binding.value if _is_gather_partial(ctx, binding.value, names) else None


def gather_table(ctx: FileContext, func: cst.BaseExpression, names: set[str]) -> bool:
    """Whether `func` is `TABLE[key]` of a dict literal every value of which is `partial(<gather>, ...)`."""
    if not isinstance(func, cst.Subscript) or not isinstance(func.value, cst.Name):
        return False
    binding = resolve_name(ctx, func.value)
    table = binding.value if binding is not None and binding.kind == "assign" else None
    return isinstance(table, cst.Dict) and bool(table.elements) and all(
        isinstance(e, cst.DictElement) and isinstance(e.value, cst.Call) and _is_gather_partial(ctx, e.value, names)
        for e in table.elements)


# Off only in the test that shows the same findings either way (tests/test_speed_shortcuts.py).
SKIP_WITHOUT_PARTIALS = True


def makes_gather_partials(ctx: FileContext, calls: list, names: set[str]) -> bool:
    """Whether one of the module's `calls` is `partial(<gather>, ...)`. When none is, gather_partial
    (without `env`) and gather_table are None and False for every callee: both answer only through
    such a call of the module, the value of the binding they follow. Asking them costs the module's
    scopes and LibCST positions (resolve_name), far more than this look at each call."""
    if not SKIP_WITHOUT_PARTIALS:
        return True
    key = "gather-aliases.makes-partials." + ",".join(sorted(names))
    return ctx.cached(key, lambda: any(_is_gather_partial(ctx, call, names) for call in calls))


def _is_gather_partial(ctx: FileContext, made: cst.Call, names: set[str]) -> bool:
    if ctx.imports.resolve(made.func) != _PARTIAL or not made.args or made.args[0].keyword is not None \
            or made.args[0].star or any(arg.star for arg in made.args):
        return False
    return ctx.imports.resolve(made.args[0].value) in names


def partial_arguments(call: cst.Call, bound: cst.Call) -> tuple:
    """(x, out sharding) of the gather `call` makes through the partial `bound`; None for one not given."""
    if any(arg.star for arg in call.args):
        return None, None
    positional = [arg.value for arg in (*bound.args[1:], *call.args) if arg.keyword is None]
    keywords = {arg.keyword.value: arg.value for arg in bound.args[1:] if arg.keyword is not None}
    keywords.update({arg.keyword.value: arg.value for arg in call.args if arg.keyword is not None})
    found = []
    for index, keyword in enumerate(("xs", "out_sharding")):
        given = positional[index] if index < len(positional) else None
        if given is not None and keyword in keywords:
            return None, None  # given twice: the call raises TypeError, not the gather's error
        found.append(given if given is not None else keywords.get(keyword))
    return found[0], found[1]


def names_gather(ctx: FileContext, expr: cst.BaseExpression, tails: set[str], names: set[str]) -> bool:
    """Whether `expr` names the gather itself (`jax.tree.map(top_level_all_gather, ...)`)."""
    tail = expr.attr.value if isinstance(expr, cst.Attribute) else getattr(expr, "value", None)
    return tail in tails and ctx.imports.resolve(expr) in names
