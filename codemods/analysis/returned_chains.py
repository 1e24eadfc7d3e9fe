"""Objects handed up through factories that return them as they are (issue 13): timm's
`create_model(name, **kwargs)` returns `_model_entrypoints[name](**kwargs)`, the entry point
`resnet50(**kwargs)` (filed by `@register_model`) returns `ResNet(**kwargs)`. The object each
construction makes is held where the outermost call's result is (`model = create_model(...)`).
"""
from __future__ import annotations

import ast

from codemods.analysis.registry_callers import registry_calls
from codemods.analysis.user_decorators import filed_tables

_MAX_DEPTH = 4


def through_returns(interp, calls: list[ast.Call] | None, depth: int = 0) -> list[ast.Call] | None:
    """The calls whose results are what `calls` give: a call a module function returns as it is
    stands for that function's calls (instances._calls_receiving), followed outwards; None when
    some function on the way is not only ever called."""
    if calls is None:
        return None
    parents = interp._parent_map()
    found: list[ast.Call] = []
    for call in calls:
        if type(parents.get(id(call))) is not ast.Return:
            found.append(call)
            continue
        outer = through_returns(interp, interp._calls_receiving(call), depth + 1) if depth < _MAX_DEPTH else None
        if outer is None:
            return None
        found += outer
    return found


def filed_calls(interp, function: ast.FunctionDef) -> list[ast.Call] | None:
    """For a def whose decorators only file it in module tables (`@register_model`), the calls
    through those tables that may run it ([] for an undecorated def); None otherwise."""
    if not function.decorator_list:
        return []
    if not all(filed_tables(interp.scope, decorator) is not None for decorator in function.decorator_list):
        return None
    found = registry_calls(interp, function)
    return None if found is None else [call for call, _ in found]
