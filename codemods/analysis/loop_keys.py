"""The keys a loop over a parameter table gives its variable, when the body reads tables by it.

`for name in sorted(params): ... TRAIN[name] ... EXPORT[name]` says nothing of `name` itself,
but every iteration that reaches a line reading `TRAIN[name]` and `EXPORT[name]` has `name`
among the keys both constant tables hold (any other key raises KeyError there); tables that are
not constant (`params[name]`) leave every key possible. Each such key
is returned with an Env binding the variable to it, so an analysis can ask what the line does
for that key. Only when certain: the innermost `for` around the line binds a plain name that
nothing else in the function binds, and the tables are constant dict literals with plain string
keys that the file never changes.
"""
from __future__ import annotations

from codemods.analysis.local_names import _scope_info, parents, scope_of
from codemods.analysis.spec_sources import Env, _mutated, _table_name, follow_spec
from codemods.analysis.specs import string_value
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")


def loop_keys(ctx: FileContext, node: cst.CSTNode) -> list[tuple[str, Env]]:
    """[(key, Env binding the loop variable to it)] for the loop around `node`; [] when unknown."""
    function = scope_of(ctx, node)
    if not isinstance(function, cst.FunctionDef):
        return []
    loop = _innermost_loop(ctx, node, function)
    if loop is None or not isinstance(loop.target, cst.Name):
        return []
    name = loop.target.value
    info = _scope_info(ctx, function)
    if name in info.params or name in info.declared or len(info.bindings.get(name, [])) != 1:
        return []
    keys: list | None = None
    first: dict = {}
    mutated = _mutated(ctx)
    for read in _reads(loop.body, name):
        if read.value.value in info.params:
            continue  # the tree being walked (`params[name]`): which keys it has is the loop's own
        table, _ = follow_spec(ctx, read.value)
        if not isinstance(table, cst.Dict):
            continue  # a parameter's own table (`params[name]`): it leaves every key possible
        items = _string_items(table)
        if items is None or _table_name(read.value) in mutated or "*" in mutated:
            return []
        keys = [key for key in (keys if keys is not None else items) if key in items]
        for key, key_node in items.items():
            first.setdefault(key, key_node)
    iterated = _iterated_keys(ctx, loop.iter)
    return [(key, Env(function, {name: (first[key], None)})) for key in keys or ()
            if iterated is None or key in iterated]


_WRAPPERS = frozenset({"sorted", "list", "tuple", "reversed", "set"})


def _iterated_keys(ctx: FileContext, node: cst.BaseExpression) -> set | None:
    """The strings a loop over `node` may give, when the file shows them (a tuple or dict literal,
    through `sorted(...)`/`.keys()`, or what every call passes for a parameter); None if unknown."""
    from codemods.analysis.call_sites import read_passed

    while True:
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value in _WRAPPERS \
                and node.func.value not in ctx.imports.bindings and len(node.args) == 1 \
                and not node.args[0].star and node.args[0].keyword is None:
            node = node.args[0].value
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
                and node.func.attr.value == "keys" and not node.args:
            node = node.func.value
        else:
            break
    held, _ = follow_spec(ctx, node)
    if held is None and isinstance(node, cst.Name):
        each = read_passed(ctx, node, lambda value, env: _literal_keys(follow_spec(ctx, value, env)[0]))
        if not each or None in each:
            return None
        return set().union(*each)
    return _literal_keys(held)


def _literal_keys(held) -> set | None:
    if isinstance(held, cst.Dict):
        items = _string_items(held)
        return set(items) if items is not None else None
    if isinstance(held, (cst.Tuple, cst.List)) and all(type(e) is cst.Element for e in held.elements):
        values = [string_value(e.value) for e in held.elements]
        return set(values) if None not in values else None
    return None


def _innermost_loop(ctx: FileContext, node: cst.CSTNode, function: cst.FunctionDef):
    parent_of = parents(ctx)
    child, current = node, parent_of.get(node)
    while current is not None and current is not function:
        if isinstance(current, cst.For):
            return current if child is current.body else None
        child, current = current, parent_of.get(current)
    return None


def _reads(body: cst.CSTNode, name: str) -> list[cst.Subscript]:
    """`T[name]` subscripts in the loop body (not in nested functions)."""
    found, stack = [], [body]
    while stack:
        current = stack.pop()
        if isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.AssignTarget)):
            continue  # nested code runs later; `out[name] = ...` stores, it reads no key
        if isinstance(current, cst.Subscript) and len(current.slice) == 1 \
                and isinstance(current.slice[0].slice, cst.Index) \
                and isinstance(current.slice[0].slice.value, cst.Name) \
                and current.slice[0].slice.value.value == name and isinstance(current.value, cst.Name):
            found.append(current)
        stack.extend(current.children)
    return found


def _string_items(table) -> dict | None:
    """{key: key node} of a dict literal whose keys are all distinct plain strings."""
    if not isinstance(table, cst.Dict):
        return None
    items: dict = {}
    for element in table.elements:
        if not isinstance(element, cst.DictElement):
            return None
        key = string_value(element.key)
        if key is None or key in items:
            return None
        items[key] = element.key
    return items
