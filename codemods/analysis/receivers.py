"""The instances a method is called on, for reading `self.field` where the method runs.

`def export(self): top_level_all_gather(self.params['w'], ...)` says nothing of `self.params`
by itself; the file's calls `t.export()` with `t = Trainer(mesh, params)` do, through the field
`__init__` stores (iterated.init_field). Each call's receiver is bound to `self` only when the
file shows every call of the method (call_sites._method_calls: a method of a module class no
class derives from, its name used only in calls and defined by no other class), the method is
undecorated and never rebinds `self`. The callers may lie in code the sparse text blanks out:
on any other context than the whole file the analysis notes that it asked (call_sites.asked).
"""
from __future__ import annotations

from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")


def receiver_envs(ctx: FileContext, expr: cst.BaseExpression) -> list | None:
    """[Env binding `self` to one call's receiver] for each call of the method holding `expr`,
    when `expr` reads `self`; else None."""
    from codemods.analysis.call_sites import _method_calls, _method_class, asked
    from codemods.analysis.local_names import _scope_info, scope_of
    from codemods.analysis.spec_sources import Env

    function = scope_of(ctx, expr)
    if not isinstance(function, cst.FunctionDef) or function.decorators:
        return None
    params = [*function.params.posonly_params, *function.params.params]
    cls = _method_class(ctx, function)
    if cls is None or not params:
        return None
    me = params[0].name.value
    if _scope_info(ctx, function).bindings.get(me) or not _reads(expr, me):
        return None
    if ctx.whole_file() is not ctx:
        asked(ctx).append(me)
        return None
    calls = _method_calls(ctx, cls, function.name.value)
    if not calls:
        return None
    return [Env(function, {me: (call.func.value, None)}) for call in calls]


def _reads(expr: cst.BaseExpression, name: str) -> bool:
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Name) and node.value == name:
            return True
        stack.extend(node.children)
    return False
