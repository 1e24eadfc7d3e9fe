"""The leaf at a path of a pytree, followed through the calls and containers that build it (SF104).

A sharding travels with each leaf of a tree the way an axis state travels with a value: placed
leaf by leaf (`jax.device_put(tree, SHARDINGS)`, `jax.tree.map(lambda p, s: jax.device_put(p,
NamedSharding(mesh, s)), params, SPECS)`, a dict comprehension over a table, a jitted function's
`out_shardings` tree), then carried by the trees built from it (`{"mu": jax.tree.map(jnp.zeros_like,
params)}`, `jax.tree.map(lambda p, m: p - lr * m, params, mu)`), by helpers returning them and by
the names holding them, and read back as `opt["mu"]["dense"]["w"]`. The item at a path of
`jax.tree.map(f, t1, t2, ...)` is `f(t1[path], t2[path], ...)`: tree.map has checked that every
tree has the first one's structure, and a path the first tree lacks raises before the read.

`path_leaf(ctx, tree, keys, env)` walks the path down what builds the tree, one container at a
time: ("value", the leaf's expression, Env) or ("sharding", the sharding it was placed with, Env).
A name is followed only when no code may change the dicts on the way (local_tables.py,
nested_tables.py); a tree.map argument whose item is not written anywhere stays a `PathLeaf`,
read (input_shardings.py) only if the function's result depends on it. Anything else is None.
"""
from __future__ import annotations

from dataclasses import dataclass

from codemods.analysis.spec_sources import _TREE_MAP, MAX_HOPS, Env, env_value, follow_env, literal_item
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")


@dataclass(frozen=True)
class PathLeaf:
    """The leaf at `keys` (strings) of the pytree `tree` (as read under `env`)."""

    tree: object
    keys: tuple
    env: object


def string_path(node: cst.BaseExpression) -> tuple[cst.BaseExpression, tuple[str, ...]] | None:
    """(root, keys) of `root['a']['b']...` with string-literal keys; None for anything else."""
    from codemods.analysis.specs import string_value

    keys: list[str] = []
    while isinstance(node, cst.Subscript):
        if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
            return None
        key = string_value(node.slice[0].slice.value)
        if key is None:
            return None
        keys.insert(0, key)
        node = node.value
    return (node, tuple(keys)) if keys else None


def path_leaf(ctx: FileContext, tree: cst.BaseExpression, keys: tuple[str, ...], env: Env | None, depth: int = 0):
    """What sits at `keys` of the tree `tree` holds: ("value", expression, Env) or ("sharding",
    expression, Env); None when the file does not show it for certain."""
    from codemods.analysis.specs import call_argument
    from codemods.analysis.tree_leaves import _comprehension_leaf, _produced

    for _ in range(MAX_HOPS * 2):
        if not keys:
            return ("value", tree, env)
        if depth > MAX_HOPS:
            return None
        if isinstance(tree, PathLeaf):
            tree, keys, env = tree.tree, (*tree.keys, *keys), tree.env
            continue
        if isinstance(tree, cst.Subscript):
            found = string_path(tree)
            if found is None:
                return None
            tree, keys = found[0], (*found[1], *keys)
            continue
        if isinstance(tree, cst.Name):
            followed = _follow_name(ctx, tree, keys, env)
            if followed is None:
                return None
            tree, env = followed
            continue
        tree, env = _produced(ctx, tree, env)
        if isinstance(tree, cst.DictComp):
            key_node = cst.SimpleString(repr(keys[0]))  # read by its value only
            found = _comprehension_leaf(ctx, tree, key_node, env)
            if found is None or found[0] != "value":
                return None
            tree, keys, env = found[1], keys[1:], found[2]
            continue
        item = literal_item(ctx, tree, keys[0])
        if item is not None:
            tree, keys = item, keys[1:]
            continue
        if not isinstance(tree, cst.Call):
            return None
        name = ctx.imports.resolve(tree.func)
        if name == "jax.device_put":
            shardings = call_argument(tree, 1, "device")
            return _sharding_at(ctx, shardings, keys, env, depth) if shardings is not None else None
        if name in _TREE_MAP:
            return _mapped(ctx, tree, keys, env)
        from codemods.analysis.input_shardings import _producer_out

        out, out_env = _producer_out(ctx, tree.func)  # jit checks its result against the table's keys
        return _sharding_at(ctx, out, keys, out_env, depth) if out is not None else None
    return None


def _follow_name(ctx: FileContext, name: cst.Name, keys: tuple[str, ...], env: Env | None):
    """(what `name` holds, Env) when no code may change the dicts on the way to `keys`."""
    from codemods.analysis.local_tables import unchanged
    from codemods.analysis.tree_items import _passed_unchanged
    from codemods.analysis.tree_leaves import _inner_unchanged

    bound = env_value(ctx, name, env)
    if bound is not None:
        if isinstance(bound[0], PathLeaf):
            return bound
        held = bound[0]
        if isinstance(held, (cst.Name, cst.Attribute)) and not _passed_unchanged(ctx, name, env) \
                and not unchanged(ctx, held):
            return None
        return bound
    if not unchanged(ctx, name) or len(keys) > 1 and not _inner_unchanged(ctx, name, list(keys), env):
        return None
    held, _, held_env = follow_env(ctx, name, env)
    return (held, held_env) if held is not None and held is not name else None


def _sharding_at(ctx: FileContext, shardings, keys: tuple[str, ...], env: Env | None, depth: int):
    """("sharding", the item at `keys` of a tree of shardings, Env): one sharding for the whole
    tree, or the tree's own item."""
    from codemods.analysis.specs import parse_sharding

    held, _, held_env = follow_env(ctx, shardings, env)
    if held is not None and isinstance(held, cst.Call) and parse_sharding(ctx, held) is not None:
        return ("sharding", held, held_env)  # one NamedSharding: every leaf
    found = path_leaf(ctx, shardings, keys, env, depth + 1)
    return ("sharding", found[1], found[2]) if found is not None and found[0] == "value" \
        and isinstance(found[1], cst.BaseExpression) else None


def _mapped(ctx: FileContext, call: cst.Call, keys: tuple[str, ...], env: Env | None):
    """The item at `keys` of `jax.tree.map(f, trees...)`: f's body with its parameters bound to
    the trees' items, or a layout-keeping function's argument item."""
    from codemods.analysis.tree_items import keeps_layout
    from codemods.analysis.tree_leaves import lambda_outer
    from codemods.analysis.tree_map_args import mapped_args

    args = mapped_args(ctx, call)
    if args is None or len(args) < 2:
        return None
    fn = args[0].value
    if keeps_layout(ctx, fn) and len(args) == 2:  # `jax.tree.map(jnp.zeros_like, params)`
        return ("value", PathLeaf(args[1].value, keys, env), None)
    if not isinstance(fn, cst.Lambda) or not isinstance(fn.params, cst.Parameters):
        return None
    params = fn.params
    if params.posonly_params or params.kwonly_params or not isinstance(params.star_arg, cst.MaybeSentinel) \
            or params.star_kwarg is not None or len(params.params) != len(args) - 1 \
            or any(p.default is not None for p in params.params):
        return None
    bound = {}
    for param, arg in zip(params.params, args[1:]):
        # written out where the tree is built (a spec of a table), or else the leaf itself, read
        # only if the body's sharding depends on it
        found = path_leaf(ctx, arg.value, keys, env, 1)
        written = found is not None and found[0] == "value" and isinstance(found[1], cst.BaseExpression) \
            and not isinstance(found[1], (cst.Name, cst.Subscript))
        bound[param.name.value] = (found[1], found[2]) if written else (PathLeaf(arg.value, keys, env), None)
    return ("value", fn.body, Env(fn, {**lambda_outer(ctx, fn, env), **bound}))
