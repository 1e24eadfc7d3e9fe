"""What every call of a module function passes for one of its parameters (SF104's inputs).

`def gather(w): return top_level_all_gather(w, P(None))` says nothing about `w` by itself; the
file's calls of `gather` do. A parameter is read as what the calls give it (their arguments, or
the default where a call leaves it out) only when the file shows every call for certain: a
module function bound once and undecorated, whose name is used nowhere but as the callee of a
plain call (not passed, stored or rebound), and which is not called from inside itself. The
callers may lie in code the sparse text blanks out, so they are read only on a context holding
the whole file (`FileContext.whole_file`); on any other the analysis notes that it asked, and
the rule may look again on the whole file.
"""
from __future__ import annotations

import ast

from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

_ASKED = "call_sites.asked"


def asked(ctx: FileContext) -> list:
    """Appended to whenever a parameter's callers were wanted on a sparse context."""
    return ctx.cached(_ASKED, list)


def parameter_function(ctx: FileContext, name: cst.Name):
    """The module function whose parameter `name` reads (never rebound in it), else None."""
    from codemods.analysis.local_names import _scope_info, parents, scope_of

    function = scope_of(ctx, name)
    if not isinstance(function, cst.FunctionDef) or function.decorators \
            or not isinstance(parents(ctx).get(function), cst.Module):
        return None
    params = function.params
    if name.value not in {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}:
        return None
    if _scope_info(ctx, function).bindings.get(name.value):
        return None
    return function


def read_passed(ctx: FileContext, name: cst.Name, read) -> list | None:
    """[read(expression, Env) for what each call passes for the parameter `name`], or None when
    that is unknown or the parameter is already being read (functions passing it round a cycle)."""
    function = parameter_function(ctx, name)
    if function is None:
        return None
    key = (id(function), name.value)
    active = ctx.cached("call_sites.active", set)
    values = passed(ctx, function, name.value) if key not in active else None
    if not values:
        return None
    active.add(key)
    try:
        return [read(value, env) for value, env in values]
    finally:
        active.discard(key)


def passed(ctx: FileContext, function, param: str):
    """[(expression, Env | None)] that each call of `function` binds to `param`, else None."""
    from codemods.analysis.local_names import _module_binding_counts, parents
    from codemods.analysis.spec_sources import bind_call

    if ctx.whole_file() is not ctx:
        asked(ctx).append(param)
        return None
    fname = function.name.value
    count = _plain_calls(ctx, fname)
    if not count or _module_binding_counts(ctx).get(fname) != 1:
        return None
    calls = [node for node in parents(ctx) if isinstance(node, cst.Call)
             and isinstance(node.func, cst.Name) and node.func.value == fname]
    if len(calls) != count:
        return None
    start, end = ctx.offsets(function)
    found = []
    for call in calls:
        if start <= ctx.offsets(call)[0] < end:
            return None  # recursion: the parameter depends on itself
        env = bind_call(ctx, function, call, None, frozenset({param}))
        if env is None or param not in env.args:
            return None
        found.append(env.args[param])
    return found


def _plain_calls(ctx: FileContext, fname: str) -> int | None:
    """How many times the file calls `fname` by name; None if the name is used or bound otherwise."""
    def compute() -> dict:
        parent_of = {child: node for node in ast.walk(ctx.tree) for child in ast.iter_child_nodes(node)}
        counts: dict = {}
        other: set = set()
        for node in ast.walk(ctx.tree):
            if isinstance(node, ast.Name):
                parent = parent_of.get(node)
                if isinstance(node.ctx, ast.Load) and isinstance(parent, ast.Call) and parent.func is node:
                    counts[node.id] = counts.get(node.id, 0) + 1
                else:
                    other.add(node.id)
            elif isinstance(node, ast.alias):
                other.add(node.asname or node.name.split(".")[0])
            elif isinstance(node, ast.arg):
                other.add(node.arg)
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                other.update(node.names)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) \
                    and not isinstance(parent_of.get(node), ast.Module):
                other.add(node.name)
        return {name: None if name in other else count for name, count in counts.items()}

    return ctx.cached("call_sites.plain-calls", compute).get(fname, 0)
