"""Tuples of shardings a module builds with a comprehension (SF104's `out_shardings`).

A jitted step returning several arrays takes one sharding per output, and code that keeps its
specs in a table derives the tuple instead of writing it out:
`tuple(NamedSharding(mesh, s) for s in LAYOUT)`, `[NamedSharding(mesh, SPECS[k]) for k in
("tokens", "logits")]`. Item `i` is the element with the loop target bound to item `i` of the
iterated sequence. Read only when certain: one `for` without `if` over a tuple literal (or a list
literal the file never changes), a plain name as target, `tuple`/`list` the builtins. Anything
else is unknown (None).
"""
from __future__ import annotations

from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")


def comprehended_elements(ctx: FileContext, held, env) -> list | None:
    """The (element expression, Env) of each item the comprehension `held` builds, in order."""
    from codemods.analysis.comprehended_axes import _comprehension
    from codemods.analysis.local_tables import unchanged
    from codemods.analysis.spec_sources import Env, follow_spec
    from codemods.analysis.tree_leaves import _enclosing_args

    comp = _comprehension(ctx, held)
    if comp is None:
        copied = _copied(ctx, held)  # `tuple(shardings)` of a list the function built just before
        if copied is None:
            return None
        source, _ = follow_spec(ctx, copied, env)
        if isinstance(source, cst.ListComp) and unchanged(ctx, copied):
            return comprehended_elements(ctx, source, env)
        return None
    loop = comp.for_in
    if loop.inner_for_in is not None or loop.ifs or loop.asynchronous is not None \
            or not isinstance(loop.target, cst.Name):
        return None
    source, _ = follow_spec(ctx, loop.iter, env)
    if not isinstance(source, (cst.Tuple, cst.List)) or any(type(e) is not cst.Element for e in source.elements):
        return None
    if isinstance(source, cst.List) and source is not loop.iter and not unchanged(ctx, loop.iter):
        return None  # a list the file may append to or reorder
    outer = _enclosing_args(ctx, comp, env)
    target = loop.target.value
    return [(comp.elt, Env(comp, {**outer, target: (element.value, env)})) for element in source.elements]


def _copied(ctx: FileContext, held):
    """`x` of `tuple(x)` / `list(x)` (the builtins, one plain argument) naming a value, else None."""
    from codemods.analysis.iterated import _bound_names

    if not isinstance(held, cst.Call) or not isinstance(held.func, cst.Name) \
            or held.func.value not in ("tuple", "list") or len(held.args) != 1:
        return None
    arg = held.args[0]
    if held.func.value in _bound_names(ctx) or arg.star or arg.keyword is not None or not isinstance(arg.value, cst.Name):
        return None
    return arg.value
