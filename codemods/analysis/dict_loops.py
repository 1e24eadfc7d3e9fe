"""Arrays walked out of a dict (issue 13): `for name, value in state.items(): gather(value, ...)`
(or `.values()`), with `state` a dict display whose values the code places (a parameter is
followed to what the call being followed passes, `save(state)` from the caller).

The loop target holds each value in turn, so its sharding is the one every value of the display
has, when they agree. Only a display without `**`, bound to a local that its function neither
changes nor lets escape (but through the call being followed, whose parameter is kept alike),
and a target nothing else in the loop rebinds count; anything else is unknown (None).
"""
from __future__ import annotations

from codemods.analysis.spec_sources import Env, env_value, follow_env
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

_VIEWS = {"items": [(1, 2)], "values": []}


def dict_loop_values(ctx: FileContext, name: cst.Name, env: Env | None) -> list[tuple] | None:
    """(value expression, Env) for each value of the dict display the loop binding `name` walks."""
    from codemods.analysis.iterated import loop_binding
    from codemods.analysis.local_names import parents
    from codemods.analysis.local_tables import kept_local

    found = loop_binding(ctx, name, lambda loop, path: True)
    if found is None:
        return None
    loop, path, _ = found
    walked = loop.iter
    if not isinstance(walked, cst.Call) or walked.args or not isinstance(walked.func, cst.Attribute) \
            or _VIEWS.get(walked.func.attr.value) != path or not isinstance(walked.func.value, cst.Name):
        return None
    table = walked.func.value
    bound = env_value(ctx, table, env)
    if bound is not None:  # a parameter: the caller's local it is handed, changed by neither function
        passed = bound[0]
        call = parents(ctx).get(parents(ctx).get(passed))
        if not kept_local(ctx, table, param=True) or not isinstance(passed, cst.Name) \
                or not isinstance(call, cst.Call) or not kept_local(ctx, passed, through=call):
            return None
    elif not kept_local(ctx, table):
        return None
    held, _, held_env = follow_env(ctx, table, env)
    if not isinstance(held, cst.Dict) or not held.elements \
            or any(not isinstance(element, cst.DictElement) for element in held.elements):
        return None
    return [(element.value, held_env) for element in held.elements]

