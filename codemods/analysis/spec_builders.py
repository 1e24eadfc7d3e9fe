"""Specs that a helper builds from logical names: `P(*(RULES[n] for n in names))`.

Trainer code maps logical axis names to mesh axes through a rule table (`logical_to_mesh('vocab',
'embed')`). A call of a module function whose body ends in `return P(*(<expr of n> for n in
names))`, `names` its `*names` parameter (or a tuple it is given), is read as the P whose
dimensions are `<expr of n>` for each argument in turn, when each reads for certain as axis names
(a constant table at a string key, a constant). The result has no literal of its own in the
source: a fix writes its axes by value.
"""
from __future__ import annotations

from codemods.analysis.spec_sources import Env, Packed, bind_call, env_value, follow_spec, returned_by
from codemods.analysis.specs import PARTITION_SPEC, Spec, SpecLiteral, parse_axes
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")


def built_spec(ctx: FileContext, node: cst.BaseExpression, env: Env | None = None) -> SpecLiteral | None:
    """The spec a call of a logical-name helper, a `P(*AXES)` (starred_specs.py), a function or
    method returning a `P(...)` (returned_specs.py), or one of values only the interpreter reads
    (interpreted_specs.py) returns; else None."""
    from codemods.analysis.returned_specs import returned_spec
    from codemods.analysis.starred_specs import starred_spec

    found = _logical_spec(ctx, node, env)
    if found is None:
        held, _ = follow_spec(ctx, node, env)
        found = starred_spec(ctx, held) if held is not None and not isinstance(held, Packed) else None
        if found is None and isinstance(held, cst.Call) and env is not None:
            found = _packed_spec(ctx, held, env)
    if found is None:
        found = returned_spec(ctx, node, env)
    if found is None and isinstance(node, cst.Call):
        found = _field_by_name(ctx, node, env)
    # config values and parsed options; inside the function `env` binds, a parameter is read as
    # the value every call of the function passes (interpreted_specs.py), which is this call's too
    if found is None and (env is None or _outside(ctx, node, env) or isinstance(env.function, cst.FunctionDef)):
        from codemods.analysis.interpreted_specs import interpreted_spec  # (interpreted_specs.py)

        held, _ = follow_spec(ctx, node, env)
        read = held if isinstance(held, cst.Call) else node
        found = interpreted_spec(ctx, read, _round_keys(ctx, read, env))
    return found


def _round_keys(ctx: FileContext, node, env: Env | None) -> dict | None:
    """The str keys `env` binds names of its function to (a keyed loop's round), with the name of
    that function, when `node` is written in it; else None."""
    if env is None or not isinstance(env.function, cst.FunctionDef) or not isinstance(node, cst.CSTNode) \
            or _outside(ctx, node, env):
        return None
    from codemods.analysis.specs import string_value

    keys = {name: string_value(held[0]) for name, held in env.args.items()
            if isinstance(held, tuple) and isinstance(held[0], cst.SimpleString)}
    keys = {name: key for name, key in keys.items() if key is not None}
    return {**keys, "": env.function.name.value} if keys else None


def _outside(ctx: FileContext, node: cst.BaseExpression, env: Env) -> bool:
    """Whether `node` is written outside the function `env` binds (a table's item at module
    level, `P(tuple(reversed(AXES)), None)`): what the call binds cannot change how it reads."""
    if not isinstance(node, cst.CSTNode) or isinstance(node, cst.Name) or not isinstance(env.function, cst.CSTNode):
        return False  # a leaf at a path of a tree (tree_paths.py) is not text of its own
    start, end = ctx.offsets(env.function)
    at = ctx.offsets(node)[0]
    return not start <= at < end


def _logical_spec(ctx: FileContext, node: cst.BaseExpression, env: Env | None = None) -> SpecLiteral | None:
    from codemods.analysis.tree_items import Keyed

    node, _ = follow_spec(ctx, node, env)
    if isinstance(node, Keyed):  # `s` of `jax.tree.map(lambda x, s: ..., params, specs)`: the specs tree's leaf
        node, env = _keyed_leaf(ctx, node)
    if not isinstance(node, cst.Call):
        return None
    returned = returned_by(ctx, node.func)
    if returned is None:
        return None
    function, value, bindable, skip = returned
    inner = bind_call(ctx, function, node, env, bindable, skip)
    if inner is None or not isinstance(value, cst.Call) or ctx.imports.resolve(value.func) != PARTITION_SPEC \
            or len(value.args) != 1 or value.args[0].star != "*" or value.args[0].keyword is not None:
        return None
    comp = value.args[0].value
    if not isinstance(comp, (cst.GeneratorExp, cst.ListComp)) or comp.for_in.inner_for_in is not None \
            or comp.for_in.ifs or comp.for_in.asynchronous is not None or not isinstance(comp.for_in.target, cst.Name):
        return None
    items = _items(ctx, comp.for_in.iter, inner)
    if items is None:
        return None
    from codemods.analysis.tree_leaves import _enclosing_args

    loop = comp.for_in.target.value
    outer = _enclosing_args(ctx, comp, inner)  # `mapping` of `def spec_for(names, mapping=RULES)`
    partitions = []
    for item in items:
        held = _table_get(ctx, comp.elt, Env(comp, {**outer, loop: item}))
        if held is None:
            held, _ = follow_spec(ctx, comp.elt, Env(comp, {**outer, loop: item}))
        axes = parse_axes(held) if held is not None and not isinstance(held, Packed) else None
        if axes is None:
            return None
        partitions.append(axes)
    return SpecLiteral(value, Spec(tuple(partitions)), (), None)


def _packed_spec(ctx: FileContext, call: cst.Call, env: Env) -> SpecLiteral | None:
    """`P(*axes)` of a helper's `*axes` parameter: one dimension per argument its call passed."""
    if ctx.imports.resolve(call.func) != PARTITION_SPEC or len(call.args) != 1 or call.args[0].star != "*" \
            or call.args[0].keyword is not None or not isinstance(call.args[0].value, cst.Name):
        return None
    bound = env_value(ctx, call.args[0].value, env)
    if bound is None or not isinstance(bound[0], Packed):
        return None
    partitions = []
    for item, item_env in bound[0].items:
        held, _ = follow_spec(ctx, item, item_env)
        axes = parse_axes(held) if held is not None and not isinstance(held, Packed) else None
        if axes is None:
            return None
        partitions.append(axes)
    return SpecLiteral(call, Spec(tuple(partitions)), (), None)


def _items(ctx: FileContext, node: cst.BaseExpression, env: Env):
    """The (expression, Env) items a `*names` parameter, or a tuple literal it names, holds."""
    if isinstance(node, cst.Name):
        bound = env_value(ctx, node, env)
        if bound is not None and isinstance(bound[0], Packed):
            return bound[0].items
    held, _ = follow_spec(ctx, node, env)
    if isinstance(held, (cst.Tuple, cst.List)) and all(type(e) is cst.Element for e in held.elements):
        return tuple((e.value, env) for e in held.elements)
    return None


def _table_get(ctx: FileContext, node: cst.BaseExpression, env: Env):
    """`RULES.get(n)` of a constant dict literal with plain string keys, at a string key: the
    item, or `None` where the table lacks the key; else None (unknown)."""
    from codemods.analysis.local_tables import unchanged
    from codemods.analysis.spec_sources import dict_item
    from codemods.analysis.specs import string_value

    if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Attribute) or node.func.attr.value != "get" \
            or len(node.args) != 1 or node.args[0].star or node.args[0].keyword is not None:
        return None
    table, table_env = node.func.value, env
    for _ in range(8):  # a parameter: the table the call passes, or its default
        bound = env_value(ctx, table, table_env) if isinstance(table, cst.Name) else None
        if bound is None or isinstance(bound[0], Packed):
            break
        table, table_env = bound
    if not isinstance(table, cst.Name) or not unchanged(ctx, table):
        return None
    held, _ = follow_spec(ctx, table, table_env)
    key, _ = follow_spec(ctx, node.args[0].value, env)
    key = string_value(key) if key is not None and not isinstance(key, Packed) else None
    if key is None or not isinstance(held, cst.Dict):
        return None
    keys = [string_value(e.key) if isinstance(e, cst.DictElement) else None for e in held.elements]
    if None in keys or len(set(keys)) != len(keys):
        return None
    return dict_item(held, key) if key in keys else cst.Name("None")


def _field_by_name(ctx: FileContext, node: cst.Call, env: Env | None) -> SpecLiteral | None:
    """`getattr(EXPORT_LAYOUT, field)`, `field` a key the loop binds: the spec at that field of
    the record the file builds (tree_paths.py), read as written there."""
    from functools import partial

    from codemods.analysis.specs import parse_sharding
    from codemods.analysis.tree_paths import _getattr, path_leaf, string_path

    if not _getattr(ctx, node):
        return None
    path = string_path(node, ctx, env)
    leaf = path_leaf(ctx, path[0], path[1], env) if path is not None else None
    if leaf is None or leaf[0] != "value" or not isinstance(leaf[1], cst.Call) \
            or ctx.imports.resolve(leaf[1].func) != PARTITION_SPEC:
        return None
    found = parse_sharding(ctx, leaf[1], partial(follow_spec, ctx, env=leaf[2]), partial(built_spec, ctx, env=leaf[2]))
    return found.spec if found is not None else None


def _keyed_leaf(ctx: FileContext, keyed) -> tuple:
    """(leaf expression, Env it is read under) of a specs tree's item (`{k: logical_to_mesh(v) for
    k, v in LOGICAL.items()}` at a key: `logical_to_mesh(v)` with `v` bound), else (None, None)."""
    from codemods.analysis.input_shardings import _keyed_unchanged  # (imports this module)
    from codemods.analysis.tree_leaves import tree_leaf

    leaf = tree_leaf(ctx, keyed.tree, keyed.key_node, keyed.env) if _keyed_unchanged(ctx, keyed) else None
    return (leaf[1], leaf[2]) if leaf is not None and leaf[0] == "value" else (None, None)
