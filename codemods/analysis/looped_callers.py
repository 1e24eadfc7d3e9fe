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
            return _nested_envs(ctx, site, env, loop)
        found.append((replaced, key, Env(env.function, args)))
    return found


def _nested_envs(ctx: FileContext, site: cst.Call, env: Env, inner) -> list[tuple[str, str, Env]]:
    """`{k: helper(params[layer][k], SPECS[layer][k]) for k in KEYS}` inside `for layer in LAYERS`:
    the call's arguments read under both loops' keys (the comprehension's Env also binding the
    outer loop's variable), one binding per pair of keys, outer first; else []."""
    from codemods.analysis.local_names import scope_of, _is_comprehension

    comp = scope_of(ctx, site)
    if not _is_comprehension(comp) or any(value_env is not None for _, value_env in env.args.values()):
        return []
    outer = loop_keys(ctx, comp)
    if not outer or not outer.iterated_known or outer.kind != "key":
        return []
    found = []
    for outer_key, outer_env in outer.keys:
        for key, keyed in inner.keys:
            if keyed.function is not comp or set(keyed.args) & set(outer_env.args):
                return []
            both = Env(comp, {**outer_env.args, **keyed.args})
            args = {param: (value, both) for param, (value, _) in env.args.items()}
            names = ", ".join([*outer_env.args, *keyed.args])
            found.append((names, f"{outer_key}, {key}", Env(env.function, args)))
    return found
