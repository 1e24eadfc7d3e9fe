"""A helper's parameter given a loop variable: `for route in ROUTES: respond(x, route)`.

call_sites.caller_envs binds the helper's parameter to the caller's name `route`, which says
nothing by itself. When the call runs in every round of the innermost `for` around it, and that
loop walks keys the file shows (a tuple or dict literal, loop_keys.py), each key is one binding
of the parameter: the helper's line runs once per key. Only names the call passes as they are
(no expression of them) and that nothing else in the caller binds are replaced; anything else
gives no keys.
"""
from __future__ import annotations

from codemods.analysis.loop_keys import loop_keys
from codemods.analysis.spec_sources import Env
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")


def looped_envs(ctx: FileContext, site: cst.Call, env: Env) -> list[tuple[str, str, Env]]:
    """[(loop variable, key, the helper's Env with it bound to that key)], in the loop's key
    order, when `site` passes a loop variable of a loop the file shows the keys of; else []."""
    loop = loop_keys(ctx, site)
    if not loop or not loop.iterated_known or loop.kind != "key":
        return []
    found = []
    for key, keyed in loop.keys:
        args, replaced = dict(env.args), None
        for param, (value, value_env) in env.args.items():
            if isinstance(value, cst.Name) and value_env is None and value.value in keyed.args:
                if replaced not in (None, value.value):
                    return []  # two loop variables: one key each would need both
                replaced = value.value
                args[param] = keyed.args[value.value]
        if replaced is None:
            return []
        found.append((replaced, key, Env(env.function, args)))
    return found
