"""Whether the inner dicts of a nested constant table stay as written.

spec_sources.py counts a table changed when its name is stored into (`SPECS['w'] = v`) or
escapes; an inner dict of a nested table (`PARAM_SPECS = {'attn': {'q': P(...)}}`) changes
through a subscript of it instead: `PARAM_SPECS['attn']['q'] = P()`,
`PARAM_SPECS['attn'].update(...)`, or an alias `attn = PARAM_SPECS['attn']` changed later.
No code may store at a path that overlaps the item read, and every subscript of the table's name
on the way to it must be read only: as the base of another subscript read, with a method that
only reads, iterated, compared, or as an argument of a `jax` function. Read on Python's `ast`
of the whole file (rules may get a sparse text). Anything else counts as changed.
"""
from __future__ import annotations

import ast

from codemods.context import FileContext

_READS = frozenset({"get", "keys", "values", "items", "copy"})


def inner_dicts_unchanged(ctx: FileContext, name: str, keys: tuple[str, ...], leaf: bool, scope=None) -> bool:
    """True when no code may change what the table `name` holds at `keys` on the way: no store
    at a path that overlaps it, and no use but a read of `name[k1]...[kj]` for each proper prefix
    of `keys` (for `keys` itself too unless `leaf`: what is read there is a leaf, an array or a
    spec, which no alias of it changes). A key that is not a string literal may be any key."""
    cache = ctx.cached("nested_tables.changed", dict)
    # `scope`: the `ast` function whose own local `name` is (another function's `params` is another dict)
    found = (name, keys, leaf, id(scope))
    if found not in cache:
        cache[found] = _changed(ctx, name, keys, leaf, scope)
    return not cache[found]


def _changed(ctx: FileContext, name: str, wanted: tuple[str, ...], leaf: bool, scope=None) -> bool:
    from codemods.analysis.bindings import ast_dotted, resolve_dotted

    root = scope if scope is not None else ctx.tree
    parent_of = {child: node for node in ast.walk(root) for child in ast.iter_child_nodes(node)}
    bindings = ctx.imports.bindings

    def jax_call(call: ast.AST) -> bool:
        callee = ast_dotted(call.func) if isinstance(call, ast.Call) else None
        resolved = resolve_dotted(bindings, callee) if callee else None
        return resolved is not None and resolved.startswith("jax.")

    def overlaps(keys: list) -> bool:
        return all(key is None or key == want for key, want in zip(keys, wanted))

    for node in ast.walk(root):
        keys = _path(node, name)
        if keys is None or not overlaps(keys):
            continue
        if not isinstance(node.ctx, ast.Load):
            return True  # a store or delete at a path that may hold or contain the item
        if len(keys) > len(wanted) or len(keys) == len(wanted) and leaf:
            continue  # the item itself, or inside it: a read
        parent = parent_of.get(node)
        if isinstance(parent, ast.Subscript) and parent.value is node:
            continue  # checked as its own subscript
        if isinstance(parent, ast.Attribute) and parent.value is node and parent.attr in _READS:
            continue
        if isinstance(parent, (ast.For, ast.comprehension)) and parent.iter is node or isinstance(parent, ast.Compare):
            continue
        if isinstance(parent, ast.Call) and node is not parent.func and jax_call(parent):
            continue
        if isinstance(parent, ast.keyword) and jax_call(parent_of.get(parent)):
            continue
        return True
    return False


def _path(node: ast.AST, name: str) -> list | None:
    """The keys of `name[k1]...[kn]` (None for a key that is not a string literal), or None when
    `node` is no subscript of `name`."""
    keys = []
    while isinstance(node, ast.Subscript):
        key = node.slice
        keys.insert(0, key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else None)
        node = node.value
    return keys if keys and isinstance(node, ast.Name) and node.id == name else None


def path_unchanged(ctx, node, env) -> bool:
    """`SPECS[layer]` of a module table, its keys names a loop's Env binds to strings: no code
    changes what the table holds on that path (inner_dicts_unchanged)."""
    from codemods.analysis.local_names import resolve_name, scope_of
    from codemods.analysis.local_tables import unchanged
    from codemods.analysis.tree_paths import Attr, string_path
    from codemods.lazy import lazy_module

    cst = lazy_module("libcst")
    path = string_path(node, ctx, env) if env is not None else None
    if path is None or not isinstance(path[0], cst.Name) or any(isinstance(key, Attr) for key in path[1]):
        return False
    binding = resolve_name(ctx, path[0])
    if binding is None or binding.kind != "assign" or not isinstance(scope_of(ctx, binding.node), cst.Module) \
            or not unchanged(ctx, path[0]):
        return False
    return inner_dicts_unchanged(ctx, path[0].value, tuple(path[1]), False)
