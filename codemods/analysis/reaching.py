"""Every assignment that may give a local name its value at a use, where no single one does.

`u = place(u)` then `for _ in range(n): u = step(u)`, then a use of `u` after the loop: `u` holds
either value. resolve_name (local_names.py) answers only when one binding dominates the use; here
the answer is the dominating assignment (or an `if` whose every branch assigns the name) and every
assignment of the name in the same scope after it and before the use (in loops, branches, `with`
or `try` blocks), plus those later in a loop holding the use (its next iteration). A caller uses the values only when all of them agree.
An item unpacked from a tuple (`pos, vel = step(pos, vel)`) counts when the caller asks for items
and reads each one itself. Anything else (a `for` target, an augmented assignment, `global`, a
parameter with no dominating assignment) is unknown (None).
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


def reaching_assignments(ctx: FileContext, name: cst.Name, items: bool = False) -> list[Binding] | None:
    """The assignments (kind "assign", and "item" when `items`) that may give `name` its value
    here, the dominating one first; None when another kind of binding may, or none dominates."""
    kinds = ("assign", "item") if items else ("assign",)
    single = resolve_name(ctx, name)
    if single is not None:
        return [single] if single.kind in kinds else None
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
    # an unpacked item binds once its whole statement has run (`pos, vel = step(pos, vel)`)
    before = [b for b in bindings if (ctx.offsets(b.node)[1] if b.kind == "item" else b.end) <= use]
    start = next((begin for begin in (_dominating_start(ctx, b, name, kinds) for b in reversed(before))
                  if begin is not None), None)
    if start is None:
        return None
    found = [b for b in before if b.start >= start]
    found.extend(b for b in bindings if b.start >= use and _in_loop_holding(ctx, b, name))
    if len(found) > MAX_BINDINGS or any(b.kind not in kinds for b in found):
        return None
    return found


def _dominating_start(ctx: FileContext, binding: Binding, name: cst.Name, kinds=("assign",)) -> int | None:
    """Where the code that certainly assigns `name` before the use begins: the assignment, when
    its statement stands in a block that holds the use, or an `if` standing so whose every branch
    assigns it in its own block (`if c: w = a` / `else: w = b`), or a `for` over `range(N)` whose
body assigns it (_runs_at_least_once); else None."""
    if binding.kind not in kinds:
        return None
    parent_of = parents(ctx)
    statement = parent_of.get(binding.node)
    block = parent_of.get(statement) if statement is not None else None
    if block is None:
        return None
    if _is_ancestor(ctx, block, name):
        return binding.start
    branch = parent_of.get(block)
    if isinstance(branch, cst.For) and branch.body is block and _runs_at_least_once(ctx, branch) \
            and _assigns(block, name.value) and (outer := parent_of.get(branch)) is not None \
            and _is_ancestor(ctx, outer, name):
        return ctx.offsets(branch)[0]  # `for _ in range(2): w = update(w)`: the first round assigns it
    top = parent_of.get(branch) if isinstance(branch, cst.Else) else branch
    while isinstance(top, cst.If) and isinstance(parent_of.get(top), cst.If):
        top = parent_of.get(top)  # the head of an `elif` chain
    if not isinstance(top, cst.If) or not _every_branch_assigns(top, name.value):
        return None
    outer = parent_of.get(top)
    return ctx.offsets(top)[0] if outer is not None and _is_ancestor(ctx, outer, name) else None


def _runs_at_least_once(ctx: FileContext, loop) -> bool:
    """`for ... in range(N)` (N a positive literal, the builtin) whose body runs whole in its first
    round: no `break` or `continue` anywhere in it, no `else`."""
    from codemods.analysis.iterated import _bound_names

    walked = loop.iter
    if loop.asynchronous is not None or loop.orelse is not None or not isinstance(walked, cst.Call) \
            or not isinstance(walked.func, cst.Name) or walked.func.value != "range" or "range" in _bound_names(ctx) \
            or len(walked.args) != 1 or walked.args[0].star or walked.args[0].keyword is not None \
            or not isinstance(walked.args[0].value, cst.Integer) or int(walked.args[0].value.value, 0) < 1:
        return False
    pending = [loop.body]
    while pending:
        current = pending.pop()
        if isinstance(current, (cst.Break, cst.Continue)):
            return False
        pending.extend(current.children)
    return True


def _every_branch_assigns(node, name: str) -> bool:
    if not _assigns(node.body, name):
        return False
    if isinstance(node.orelse, cst.Else):
        return _assigns(node.orelse.body, name)
    return isinstance(node.orelse, cst.If) and _every_branch_assigns(node.orelse, name)


def _assigns(block, name: str) -> bool:
    """A plain `name = ...` among the block's own statements."""
    lines = block.body if isinstance(block, cst.IndentedBlock) else [block]
    return any(isinstance(small, cst.Assign) and any(isinstance(t.target, cst.Name) and t.target.value == name
                                                     for t in small.targets)
               for line in lines if isinstance(line, (cst.SimpleStatementLine, cst.SimpleStatementSuite))
               for small in line.body)


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
