"""Every assignment that may give a local name its value at a use, where no single one does.

`u = place(u)` then `for _ in range(n): u = step(u)`, then a use of `u` after the loop: `u` holds
either value. resolve_name (local_names.py) answers only when one binding dominates the use; here
the answer is the dominating assignment and every assignment of the name in the same scope after
it and before the use (in loops, branches, `with` or `try` blocks), plus those later in a loop
holding the use (its next iteration). A caller uses the values only when all of them agree.
Anything else (a `for` target, an augmented assignment, an unpacked item, `global`, a parameter
with no dominating assignment) is unknown (None).
"""
from __future__ import annotations

from codemods.analysis.local_names import (
    Binding,
    _is_ancestor,
    _scope_info,
    parents,
    resolve_name,
    scope_of,
)
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

_LOOPS = ("For", "While")
MAX_BINDINGS = 8  # more assignments than this: unknown (the caller evaluates each one)


def reaching_assignments(ctx: FileContext, name: cst.Name) -> list[Binding] | None:
    """The assignments (kind "assign") that may give `name` its value here, the dominating one
    first; None when another kind of binding may, or none dominates."""
    single = resolve_name(ctx, name)
    if single is not None:
        return [single] if single.kind == "assign" else None
    scope = scope_of(ctx, name)
    if not isinstance(scope, (cst.FunctionDef, cst.Module)):
        return None
    info = _scope_info(ctx, scope)
    if name.value in info.declared or "*" in info.declared:
        return None
    bindings = info.bindings.get(name.value, [])
    if isinstance(scope, cst.Module) and len(bindings) != _module_count(ctx, name.value):
        return None
    use = ctx.offsets(name)[0]
    before = [b for b in bindings if b.end <= use]
    dominating = next((b for b in reversed(before) if _dominates(ctx, b, name)), None)
    if dominating is None:
        return None
    found = [b for b in before if b.start >= dominating.start]
    found.extend(b for b in bindings if b.start >= use and _in_loop_holding(ctx, b, name))
    if len(found) > MAX_BINDINGS or any(b.kind != "assign" for b in found):
        return None
    return found


def _dominates(ctx: FileContext, binding: Binding, name: cst.Name) -> bool:
    """The assignment's statement stands in a block that holds the use (it always runs first)."""
    if binding.kind != "assign":
        return False
    statement = parents(ctx).get(binding.node)
    block = parents(ctx).get(statement) if statement is not None else None
    return block is not None and _is_ancestor(ctx, block, name)


def _in_loop_holding(ctx: FileContext, binding: Binding, name: cst.Name) -> bool:
    """A binding after the use inside a loop that also holds the use: it reaches the next turn."""
    parent_of = parents(ctx)
    current = parent_of.get(name)
    while current is not None and not isinstance(current, (cst.FunctionDef, cst.Module)):
        if type(current).__name__ in _LOOPS:
            start, end = ctx.offsets(current)
            if start <= binding.start < end:
                return True
        current = parent_of.get(current)
    return False


def _module_count(ctx: FileContext, name: str) -> int:
    from codemods.analysis.local_names import _module_binding_counts

    return _module_binding_counts(ctx).get(name, 0)
