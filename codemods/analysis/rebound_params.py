"""A parameter its own function rebinds, read where the value it came in with may still reach.

`def euler(y, k, dt, steps): for _ in range(steps): y = y - dt * k * y; return y`: at the
`return`, `y` is either what the call passed (the loop may not run) or what the loop assigned.
reaching.py answers only when an assignment dominates the use; here the parameter itself is the
first value, and every plain assignment of the name before the use (or later in a loop holding
it) may follow. Listing an assignment that cannot reach only asks more values to agree, so the
answer stays certain. The value the parameter came in with is what the call being followed binds
(its Env), or what every call of the function passes (call_sites.passed) when none is followed.
A read inside a loop that rebinds the name (`for _ in range(steps): head = prepare(head)`) may
see the value it came in with or what any assignment of that loop left on an earlier turn (its
own statement's included): it is read by induction, every one of those assignments read with
the name taken as the value it came in with, and all must agree (reads nested in that step see
the entry values only, so they do not loop: the outer read lists every assignment before it and
every one in a loop holding it, which are all that may reach a read those assignments make). A
`global`/`nonlocal`, a starred parameter, an augmented assignment, an unpacked item, a `for`
target or any other binding of the name leaves it unknown.
"""
from __future__ import annotations

from codemods.analysis.local_names import _scope_info, resolve_name, scope_of
from codemods.analysis.reaching import MAX_BINDINGS, _in_loop_holding
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")


def parameter_reaching(ctx: FileContext, name: cst.Name):
    """(the FunctionDef, [assignments that may follow the parameter's own value to this use]),
    or None unless `name` reads a plain parameter of its function that the function rebinds and
    no single binding reaches the use."""
    if resolve_name(ctx, name) is not None:
        return None
    function = scope_of(ctx, name)
    if not isinstance(function, cst.FunctionDef):
        return None
    params = function.params
    if name.value not in {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}:
        return None
    info = _scope_info(ctx, function)
    if name.value in info.declared or "*" in info.declared:
        return None
    bindings = info.bindings.get(name.value, [])
    if not bindings or any(b.kind != "assign" for b in bindings):
        return None
    use = ctx.offsets(name)[0]
    found = [b for b in bindings if b.end <= use]
    found.extend(b for b in bindings if b.start >= use and _in_loop_holding(ctx, b, name))
    if len(found) > MAX_BINDINGS:
        return None
    return function, found


def entry_values(ctx: FileContext, name: cst.Name, function, env) -> list | None:
    """[(expression, Env)] the parameter `name` may come in with: the one the followed call binds,
    or one per call of `function` in the file; None when they are not all known."""
    from codemods.analysis.call_sites import _keeps_arguments, passed

    if env is not None:
        held = env.args.get(name.value) if env.function is function else None
        return [held] if isinstance(held, tuple) and len(held) == 2 else None
    if not _keeps_arguments(ctx, function, name.value, True):
        return None
    key = (id(function), name.value)
    active = ctx.cached("rebound_params.active", set)
    if key in active:
        return None
    return passed(ctx, function, name.value) or None


def rebound_values(ctx: FileContext, name: cst.Name, env, read_value, kind: str = "") -> list | None:
    """[read_value(expression, Env)] for every value that may reach this read of a rebound
    parameter (its entry values, then each assignment); None when any is unknown. `kind` names
    what read_value reads (values of one kind are reused within an induction step only)."""
    got = parameter_reaching(ctx, name)
    if got is None:
        return None
    function, assignments = got
    induction = ctx.cached("rebound_params.induction", dict)
    key = (id(function), name.value, kind, id(env))
    held = induction.get(key)
    if held is not None:
        # inside the step of an induction: by hypothesis the name holds what it came in with (the
        # outer read checks every assignment that may reach any read of it on the way)
        return list(held)
    if _loop_rebinds(ctx, name, function):
        # `for _ in range(steps): head = prepare(head)`: a later turn reads what an assignment of
        # the loop left, its own statement too (parameter_reaching lists only those before the use)
        use = ctx.offsets(name)[0]
        assignments = assignments + [b for b in _scope_info(ctx, function).bindings.get(name.value, [])
                                     if b.start < use < b.end and _in_loop_holding(ctx, b, name)]
    entries = entry_values(ctx, name, function, env)
    if not entries:
        return None
    active = ctx.cached("rebound_params.active", set)
    active.add(key[:2])
    try:
        found = [read_value(value, outer) for value, outer in entries]
    finally:
        active.discard(key[:2])
    induction[key] = found
    try:
        return found + [read_value(b.value, env) for b in assignments]
    finally:
        del induction[key]


def _loop_rebinds(ctx: FileContext, name: cst.Name, function) -> bool:
    """Whether a `for`/`while` of `function` holding the read also binds the name."""
    from codemods.analysis.local_names import parents

    node = parents(ctx).get(name)
    while node is not None and node is not function:
        if isinstance(node, (cst.For, cst.While)):
            start, end = ctx.offsets(node)
            if any(start <= b.start < end for b in _scope_info(ctx, function).bindings.get(name.value, [])):
                return True
        node = parents(ctx).get(node)
    return False
