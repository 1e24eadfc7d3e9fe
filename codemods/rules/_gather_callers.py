"""SF104 for a gather whose input or out spec depends on who calls its function or on the key
a loop around it gives: each caller's arguments (call_sites.caller_envs), the keys of a loop
over constant tables (loop_keys.py), and both (a method looping over the table its one caller
hands it). `site` is the rule's one-call reading (sf104._Site), given its Env.
"""
from __future__ import annotations

from dataclasses import replace

from codemods.analysis.call_sites import (
    caller_envs,
    names_read,
    parameter_function,
    receiver_method,
)
from codemods.analysis.context_mesh import under_false_flag
from codemods.analysis.enum_keys import MEMBER_KEY
from codemods.analysis.loop_keys import loop_keys
from codemods.analysis.looped_callers import looped_envs
from codemods.analysis.specs import call_argument
from codemods.context import FileContext
from codemods.lazy import lazy_module
from codemods.model import Finding

cst = lazy_module("libcst")


def caller_findings(ctx: FileContext, call: cst.Call, site) -> list[Finding]:
    """In a helper whose input or out spec is a parameter that its calls disagree on
    (`report(preds, P(...))` from two places): what the call does for the first caller it fails
    for. Not fixed: the helper's one call serves every caller."""
    function = None
    for arg in (call_argument(call, 0, "xs"), call_argument(call, 1, "out_sharding")):
        # the argument itself, or a name read in it (`batch[key]`, `SPECS[key]`)
        for name in names_read(arg):
            if function is None:
                function = parameter_function(ctx, name)
    if function is None:  # `self.layout` in a method: read on each receiver its calls give
        function = receiver_method(ctx, call)
    callers = caller_envs(ctx, function) if function is not None else None
    for site_call, env in callers or ():
        if under_false_flag(ctx, site_call):
            continue  # a call that never runs fails for no one
        text = ctx.text(site_call)
        text = text if len(text) <= 60 and "\n" not in text else f"{ctx.text(site_call.func)}(...)"
        where = f"when called from line {ctx.span(site_call).line} (`{text}`)"
        found = list(site(ctx, call, env).findings())
        for name, key, keyed in [] if found else looped_envs(ctx, site_call, env):  # `for route in ROUTES: respond(x, route)`
            found = list(site(ctx, call, keyed).findings())
            if found:
                where = f"{where} with `{name}` = {key!r}"
                break
        loop = loop_keys(ctx, call, env) if not found else None
        for key, keyed in loop.keys if loop is not None and loop.iterated_known and loop.kind == "key" else ():
            found = list(site(ctx, call, keyed).findings())  # `for name in sorted(stats)` of the stats this caller hands
            if found:
                where = f"{where}, when the loop reaches key {key!r}"
                break
        if found:
            return [replace(f, message=f"{where}: {f.message}", fix=None) for f in found]
    return []


def keyed_findings(ctx: FileContext, call: cst.Call, site) -> list[Finding]:
    """In a loop over keys of constant tables (`for name in params: ... SPECS[name]`): what the
    call does for the first key it fails on, when the file shows the loop gives that key, or
    for every key the tables hold when it does not. Not fixed: a fix would write one key's axes
    for every key."""
    loop = loop_keys(ctx, call)
    first: list[Finding] = []
    for key, env in loop.keys:
        found = list(site(ctx, call, env).findings())
        if found and loop.iterated_known:
            label = repr(key) if loop.kind == "key" and not key.startswith(MEMBER_KEY) else f"`{key.replace(MEMBER_KEY, '')}`"
            return [replace(f, message=f"when the loop reaches {loop.kind} {label}: {f.message}", fix=None) for f in found]
        if not found and not loop.iterated_known:
            return []  # the loop may give only keys that pass
        first = first or found
    if not first:
        return []  # no key the loop gives (an empty or unknown table): nothing fails
    keys = ", ".join(repr(key) if not key.startswith(MEMBER_KEY) else key[len(MEMBER_KEY):] for key, _ in loop.keys)
    first_key = loop.keys[0][0]
    first_key = repr(first_key) if not first_key.startswith(MEMBER_KEY) else f"`{first_key[len(MEMBER_KEY):]}`"
    said = f"it fails for every key the loop can reach ({keys}); for {first_key}"
    return [replace(f, message=f"{said}: {f.message}", fix=None) for f in first]
