"""What `yield from self.items` of an object's `__iter__` gives: the values its methods append.

`TrajectoryQueue.put` appends `jax.device_put(batch, self.sharding)` to `self._items`, which
`__init__` sets to `[]`; `for batch in queue:` then takes one of the appended values (or none).
Read only when the file touches that attribute nowhere else than in the class's own methods, on
their receiver, as: the one `self.items = []` of `__init__`, `self.items.append(x)` statements,
`self.items.pop(...)` and `len(self.items)` (which drop or count values, adding none), and the
`yield from` itself. Each appended value is read with `self` bound to the construction being
iterated; the appending method's other parameters stay unbound (unknown). Anything else is None.
"""
from __future__ import annotations

from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")


def queued_items(ctx: FileContext, generator, env, value) -> list[tuple] | None:
    """[(appended expression, Env)] for `yield from self.attr` in `generator`, else None."""
    from codemods.analysis.call_sites import _attribute_facts
    from codemods.analysis.local_names import _scope_info, parents
    from codemods.analysis.spec_sources import Env

    me = _first(generator)
    if not isinstance(value, cst.Attribute) or not isinstance(value.value, cst.Name) or me is None \
            or value.value.value != me or me not in env.args or _attribute_facts(ctx)["dynamic"]:
        return None
    cls = parents(ctx).get(parents(ctx).get(generator))
    if not isinstance(cls, cst.ClassDef) or cls.decorators or cls.bases or cls.keywords:
        return None
    methods = [s for s in cls.body.body if isinstance(s, cst.FunctionDef)]
    attr, appended, emptied = value.attr.value, [], 0
    for node in parents(ctx):
        if not isinstance(node, cst.Attribute) or node.attr.value != attr:
            continue
        method = next((m for m in methods if _within(ctx, node, m)), None)
        own = _first(method) if method is not None and not method.decorators else None
        if own is None or not isinstance(node.value, cst.Name) or node.value.value != own \
                or _scope_info(ctx, method).bindings.get(own):
            return None
        use = _use(ctx, node, method)
        if use is None:
            return None
        if use == "empty":
            emptied += 1
        elif isinstance(use, tuple):
            appended.append((use[1], Env(method, {own: env.args[me]})))
    return appended if emptied == 1 and appended else None


def _use(ctx: FileContext, node: cst.Attribute, method):
    """"empty" (`self.attr = []` in `__init__`), ("append", x), "read" (pop, len, the yield from),
    or None for any other use."""
    from codemods.analysis.local_names import parents

    parent_of = parents(ctx)
    parent = parent_of.get(node)
    if isinstance(parent, cst.AssignTarget):
        assign = parent_of.get(parent)
        line = parent_of.get(assign)
        block = parent_of.get(line)
        ok = method.name.value == "__init__" and len(assign.targets) == 1 and isinstance(assign.value, cst.List) \
            and not assign.value.elements and block is method.body
        return "empty" if ok else None
    if isinstance(parent, cst.From):
        return "read"
    if isinstance(parent, cst.Attribute) and parent.value is node:
        call = parent_of.get(parent)
        if not isinstance(call, cst.Call) or call.func is not parent:
            return None
        if parent.attr.value == "pop":
            return "read"
        if parent.attr.value == "append" and len(call.args) == 1 and not call.args[0].star \
                and call.args[0].keyword is None and isinstance(parent_of.get(call), cst.Expr):
            return ("append", call.args[0].value)
        return None
    if isinstance(parent, cst.Arg) and not parent.star:
        call = parent_of.get(parent)
        if isinstance(call, cst.Call) and isinstance(call.func, cst.Name) and call.func.value == "len" \
                and len(call.args) == 1:
            from codemods.analysis.iterated import _bound_names

            return "read" if "len" not in _bound_names(ctx) else None
    return None


def _first(method) -> str | None:
    if method is None:
        return None
    params = [*method.params.posonly_params, *method.params.params]
    return params[0].name.value if params else None


def _within(ctx: FileContext, node, method) -> bool:
    start, end = ctx.offsets(method)
    at = ctx.offsets(node)[0]
    return start <= at < end
