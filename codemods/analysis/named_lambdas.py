"""What a parameter of a lambda bound to a local name holds: the arguments of the calls by that name.

`write = lambda arr: top_level_all_gather(arr, spec)` then `rows = write(ledger)`: `arr` is what
each call passes. Followed when the lambda is the one binding of its name in a function (or the
module), its parameters plain (no default, no `*`), and every read of that name in the module is a
direct call of it in the same function, passing the parameter by position or keyword without
`*`/`**`. Anything else (the lambda stored, handed on, rebound, a name read elsewhere) is unknown.
"""
from __future__ import annotations

from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")


def lambda_arguments(ctx: FileContext, name: cst.Name) -> list[cst.BaseExpression] | None:
    """The expression every call of the named lambda whose parameter `name` reads passes for it
    (each read in the caller's own scope), else None."""
    from codemods.analysis.local_names import _scope_info, parents, scope_of

    function = scope_of(ctx, name)
    if not isinstance(function, cst.Lambda):
        return None
    params = function.params
    if params.star_arg is not cst.MaybeSentinel.DEFAULT and params.star_arg is not None \
            or params.kwonly_params or params.star_kwarg is not None or params.posonly_params \
            or any(param.default is not None for param in params.params):
        return None
    names = [param.name.value for param in params.params]
    if name.value not in names:
        return None
    index = names.index(name.value)
    assign = parents(ctx).get(function)
    if not (isinstance(assign, cst.Assign) and assign.value is function and len(assign.targets) == 1
            and isinstance(assign.targets[0].target, cst.Name)):
        return None
    bound = assign.targets[0].target
    home = scope_of(ctx, assign)
    if not isinstance(home, (cst.FunctionDef, cst.Module)) or len(_scope_info(ctx, home).bindings.get(bound.value, [])) != 1 \
            or bound.value in _scope_info(ctx, home).declared:
        return None
    found = []
    for node in parents(ctx):
        if not isinstance(node, cst.Name) or node.value != bound.value or node is bound:
            continue
        call = parents(ctx).get(node)
        if not (isinstance(call, cst.Call) and call.func is node) or scope_of(ctx, call) is not home:
            return None  # read otherwise, or elsewhere: where it runs is not seen
        if any(arg.star for arg in call.args):
            return None
        positional = [arg for arg in call.args if arg.keyword is None]
        keyed = [arg.value for arg in call.args if arg.keyword is not None and arg.keyword.value == name.value]
        if index < len(positional) and not keyed:
            found.append(positional[index].value)
        elif len(keyed) == 1 and index >= len(positional):
            found.append(keyed[0])
        else:
            return None
    return found or None
