"""Leaves of sharded pytrees: where the item `tree['w']` of a placed tree gets its sharding.

`jax.device_put(params, shardings)`, `jax.tree.map(lambda p, s: jax.device_put(p, s), params,
specs)`, a dict comprehension or a `for` loop over a table, read back as `params['w']` (split out
of spec_sources.py, which follows the names, tables and calls these read through). Each is
followed only when the file shows it for certain; anything else is unknown (None).
"""
from __future__ import annotations

from codemods.analysis.spec_sources import (
    _TREE_MAP,
    MAX_HOPS,
    Env,
    bind_call,
    dict_item,
    env_value,
    follow_env,
    follow_spec,
    literal_item,
    returned_by,
)
from codemods.analysis.table_changes import _mutated, _mutations, _table_name
from codemods.analysis.tree_map_args import mapped_args
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")


def leaf_source(ctx: FileContext, node: cst.Subscript, env: Env | None):
    """For `tree['key']`, where `tree` is `jax.device_put(t, shardings)`,
    `jax.tree.map(lambda p, s: <expr of p and s>, t, specs)` or `{k: <expr of k> for k, v in ...}`:
    ("sharding", sharding expression, Env), or ("value", the leaf's expression, Env)."""
    from codemods.analysis.specs import string_value

    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return None
    key_node = node.slice[0].slice.value
    if isinstance(key_node, cst.Name):
        # `params[name]`: a loop's key bound, a local name, or what every call passes for a parameter
        key_node = follow_spec(ctx, key_node, env)[0]
    if key_node is None or string_value(key_node) is None:
        return None
    from codemods.analysis.local_tables import handed_kept, kept_local

    others, stores = _mutations(ctx)
    name = _table_name(node.value)
    if isinstance(node.value, cst.Name) and kept_local(ctx, node.value):
        return tree_leaf(ctx, node.value, key_node, env)  # a local no code of its function changes
    handed = handed_kept(ctx, node.value) if isinstance(node.value, cst.Name) and env is None else None
    if handed is None and env is not None and isinstance(node.value, cst.Name) and env_value(ctx, node.value, env) is None \
            and handed_kept(ctx, node.value):  # a parameter the Env (a loop key's) leaves to its callers
        return tree_leaf(ctx, node.value, key_node, env)
    if handed is None and isinstance(node.value, cst.Name) and env_value(ctx, node.value, env) is not None:
        from codemods.analysis.tree_items import _passed_unchanged

        # a parameter bound to one caller's tree (per-call contexts): unchanged in both functions
        return tree_leaf(ctx, node.value, key_node, env) if _passed_unchanged(ctx, node.value, env) else None
    if handed is not None:  # a parameter: the tree its callers build, unchanged on the way
        return tree_leaf(ctx, node.value, key_node, env) if handed else None
    if name in others or "*" in others:
        return None
    if isinstance(node.value, cst.Subscript):  # `placed['encoder']['kernel']`
        return tree_leaf(ctx, node.value, key_node, env) or path_leaf(ctx, node, env)
    if stores.get(name):  # `out = {}` filled by `for k ...: out[k] = v`, and nothing else
        return _loop_leaf(ctx, node, env) if stores[name] == 1 and key_node is node.slice[0].slice.value else None
    return tree_leaf(ctx, node.value, key_node, env)


def tree_leaf(ctx: FileContext, tree: cst.BaseExpression, key_node: cst.BaseExpression, env: Env | None):
    """leaf_source's answer for item `key_node` (a string literal) of the tree `tree` holds."""
    from codemods.analysis.specs import call_argument, string_value
    from codemods.analysis.tree_items import mapped_leaf

    from codemods.analysis.tree_items import subtree

    key = string_value(key_node) or ""
    given = tree, env
    tree, env = subtree(ctx, tree, env)  # `opt['mu']` of `opt = init_adam(params)`
    if tree is None:
        return None
    tree, _, env = follow_env(ctx, tree, env)
    tree, env = _produced(ctx, tree, env)
    if key and (isinstance(tree, cst.Dict) and not tree.elements or isinstance(tree, cst.Name)):
        from codemods.analysis.tree_paths import path_leaf

        # `cache = {}` a loop fills (filled_dicts.py)
        return path_leaf(ctx, *((given[0], (key,), given[1]) if isinstance(tree, cst.Dict) else (tree, (key,), env)))
    if isinstance(tree, cst.DictComp):
        return _comprehension_leaf(ctx, tree, key_node, env)
    item = literal_item(ctx, tree, key)  # `yield {"x": ..., "y": jax.make_array_from_...(...)}`
    if item is not None:
        return ("value", item, env)
    if not isinstance(tree, cst.Call):
        return None
    name = ctx.imports.resolve(tree.func)
    if name == "jax.device_put":
        shardings = call_argument(tree, 1, "device")
        return _sharding_item(ctx, shardings, key_node, env) if shardings is not None else None
    if name in _TREE_MAP:
        return mapped_leaf(ctx, tree, key_node, env)
    from codemods.analysis.sharding_producers import producer_out

    # `init(params)` of `init = jax.jit(f, out_shardings=SHARDINGS)`: its tree's item at `key`
    # has the table's sharding there (jit checks the output tree against the table's keys)
    out, out_env = producer_out(ctx, tree.func)
    return _sharding_item(ctx, out, key_node, out_env) if out is not None else None


def _sharding_item(ctx: FileContext, shardings: cst.BaseExpression, key_node, env: Env | None):
    """("sharding", the item of the table of shardings at `key_node`, Env): a dict literal, a
    comprehension over a table, or `jax.tree.map(lambda s: NamedSharding(m, s), SPECS)`."""
    from codemods.analysis.specs import string_value
    from codemods.analysis.tree_items import mapped_leaf

    from codemods.analysis.local_tables import literal_unchanged

    held, _ = follow_spec(ctx, shardings, env)
    held, held_env = _produced(ctx, held, env)
    if not literal_unchanged(ctx, held):
        return None  # a table some code changes: its items as written may not be what is placed
    if isinstance(held, cst.DictComp):  # `{k: NamedSharding(mesh, s) for k, s in SPECS.items()}`
        found = _comprehension_leaf(ctx, held, key_node, held_env)
        return ("sharding", found[1], found[2]) if found is not None and found[0] == "value" else None
    item = dict_item(held, string_value(key_node) or "")
    if item is None and isinstance(held, cst.Call) and ctx.imports.resolve(held.func) in _TREE_MAP:
        mapped = mapped_leaf(ctx, held, key_node, held_env)  # `jax.tree.map(lambda s: NamedSharding(m, s), SPECS)`
        return ("sharding", mapped[1], mapped[2]) if mapped is not None else None
    return ("sharding", item, held_env) if item is not None else None


def path_leaf(ctx: FileContext, node: cst.Subscript, env: Env | None):
    """leaf_source's answer for `tree['a']['b']...` (string keys) of a tree no code changes,
    placed by `jax.device_put(t, SHARDINGS)` or `jax.tree.map(lambda p, s: ..., t, SPECS)` over
    nested tables: the item at that path of each table. tree.map has checked that every tree has
    the first one's structure; a lambda parameter whose tree is not a table stays unbound."""
    from codemods.analysis.local_tables import unchanged
    from codemods.analysis.specs import call_argument

    keys = []
    while isinstance(node, cst.Subscript):
        key = _string_key(node)
        if key is None:
            return None
        keys.insert(0, key)
        node = node.value
    if not unchanged(ctx, node) or not _inner_unchanged(ctx, node, keys, env):
        return None
    tree, _ = follow_spec(ctx, node, env)
    tree, env = _produced(ctx, tree, env)
    if not isinstance(tree, cst.Call) or any(arg.star for arg in tree.args):
        return None
    name = ctx.imports.resolve(tree.func)
    if name == "jax.device_put":
        shardings = call_argument(tree, 1, "device")
        item = _nested_item(ctx, shardings, keys, env) if shardings is not None else None
        return ("sharding", *item) if item is not None else None
    args = mapped_args(ctx, tree) if name in _TREE_MAP else None
    if args is None or len(args) < 2:
        return None
    fn = args[0].value
    params = fn.params if isinstance(fn, cst.Lambda) else None
    if params is None or params.posonly_params or params.kwonly_params or params.star_kwarg is not None \
            or not isinstance(params.star_arg, cst.MaybeSentinel) or len(params.params) != len(args) - 1 \
            or any(p.default is not None for p in params.params):
        return None
    bound = {}
    for param, arg in zip(params.params, args[1:]):
        item = _nested_item(ctx, arg.value, keys, env)
        if item is not None:
            bound[param.name.value] = item
    return ("value", fn.body, Env(fn, {**lambda_outer(ctx, fn, env), **bound}))


def _string_key(node: cst.Subscript) -> str | None:
    from codemods.analysis.specs import string_value

    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return None
    return string_value(node.slice[0].slice.value)


def _nested_item(ctx: FileContext, table: cst.BaseExpression, keys: list[str], env: Env | None):
    """(expression, Env) at `keys` of nested dict literals `table` holds, the outer one unchanged."""
    from codemods.analysis.local_tables import unchanged

    for _ in range(MAX_HOPS):  # a parameter: the table its call passes
        bound = env_value(ctx, table, env) if isinstance(table, cst.Name) else None
        if bound is None or not isinstance(bound[0], cst.BaseExpression):
            break
        table, env = bound
    if isinstance(table, (cst.Name, cst.Attribute)) and not unchanged(ctx, table):
        return None
    if len(keys) > 1 and not _inner_unchanged(ctx, table, keys, env):
        return None
    for key in keys:
        held, _ = follow_spec(ctx, table, env)
        held, env = _produced(ctx, held, env)
        table = literal_item(ctx, held, key)
        if table is None:
            return None
    return table, env


def _inner_unchanged(ctx: FileContext, table: cst.BaseExpression, keys: list[str], env: Env | None) -> bool:
    """Whether no name the nested table is read through lets code change an inner dict of it
    (nested_tables.py); a table a call builds anew is its own."""
    from codemods.analysis.local_names import resolve_name
    from codemods.analysis.nested_tables import inner_dicts_unchanged

    names, node = [], table
    for _ in range(MAX_HOPS):
        if not isinstance(node, cst.Name):
            break
        names.append((node.value, _local_scope(ctx, node)))
        binding = resolve_name(ctx, node)
        if binding is None or binding.kind != "assign":
            break
        node = binding.value
    if isinstance(table, cst.Attribute):
        return False
    return all(inner_dicts_unchanged(ctx, name, tuple(keys), True, scope) for name, scope in names)


def _local_scope(ctx: FileContext, name: cst.Name):
    """The `ast` function `name` is a local of (assigned there, not `global`/`nonlocal`), else None."""
    from codemods.analysis.local_names import _scope_info, binding_scope
    from codemods.analysis.local_tables import _ast_function

    function = binding_scope(ctx, name)
    if not isinstance(function, cst.FunctionDef):
        return None
    info = _scope_info(ctx, function)
    if name.value in info.declared or "*" in info.declared or not info.bindings.get(name.value):
        return None
    return _ast_function(ctx, function)


def _produced(ctx: FileContext, tree, env: Env | None):
    """(what `tree` holds, Env) through `next(iter(Loader(mesh)))` of a generator with one `yield`
    and calls of one-return helpers (`specs = param_specs()`), their parameters bound; a call
    followed no further is kept as it is."""
    from codemods.analysis.filled_dicts import filling_loop
    from codemods.analysis.iterated import next_values
    from codemods.analysis.local_tables import unchanged

    for _ in range(MAX_HOPS):
        if not isinstance(tree, cst.Call):
            break
        values = next_values(ctx, tree)
        if values is not None:
            if len(values) != 1:
                break
            value, inner = values[0]
        else:
            returned = returned_by(ctx, tree.func)
            if returned is None:
                break
            function, value, bindable, skip = returned
            inner = bind_call(ctx, function, tree, env, bindable, skip)
            if inner is None:
                break
        if isinstance(value, cst.Name) and env_value(ctx, value, inner) is None and not unchanged(ctx, value):
            if filling_loop(ctx, value) is not None:
                return value, inner  # `d = {}` that a loop fills: read by path_leaf (filled_dicts.py)
            break  # `d = {...}; d['w'] = ...; return d`: not the literal any more
        tree, env = follow_spec(ctx, value, inner)[0], inner
    return tree, env


def mapped_tree(ctx: FileContext, name: cst.Name, env: Env | None):
    """For a parameter of `lambda p: ...` mapped by `jax.tree.map(lambda p: ..., tree)`: (the tree
    whose leaves `p` takes, Env); else None."""
    from codemods.analysis.local_names import parents, scope_of

    function = scope_of(ctx, name)
    if not isinstance(function, cst.Lambda) or not isinstance(function.params, cst.Parameters):
        return None
    params = function.params
    if params.posonly_params or params.kwonly_params or not isinstance(params.star_arg, cst.MaybeSentinel) \
            or params.star_kwarg is not None or any(p.default is not None for p in params.params):
        return None
    names = [p.name.value for p in params.params]
    arg = parents(ctx).get(function)
    call = parents(ctx).get(arg)
    if name.value not in names or not isinstance(arg, cst.Arg) or not isinstance(call, cst.Call) \
            or not call.args or call.args[0] is not arg or ctx.imports.resolve(call.func) not in _TREE_MAP:
        return None
    args = mapped_args(ctx, call)
    if args is None or len(args) != len(names) + 1:
        return None
    return args[1 + names.index(name.value)].value, env


def tree_map_body(ctx: FileContext, call: cst.Call):
    """`jax.tree.map(lambda ...: body, trees...)` -> (the lambda, body), else None."""
    args = mapped_args(ctx, call) if ctx.imports.resolve(call.func) in _TREE_MAP else None
    if args is None or len(args) < 2 or not isinstance(args[0].value, cst.Lambda):
        return None
    fn = args[0].value
    return fn, fn.body


def _comprehension_leaf(ctx: FileContext, comp, key: cst.BaseExpression, env: Env | None):
    """`{k: expr for k in ...}` / `{k: expr for k, v in T.items()}` read at a string key: the
    item is `expr` with `k` bound to that key (and `v` to `T[key]` of a constant table); a
    missing key raises before any gather."""
    loop = comp.for_in
    if loop.inner_for_in is not None or loop.asynchronous is not None or loop.ifs \
            or not isinstance(comp.key, cst.Name):
        return None
    bound = _loop_binding(ctx, loop.target, loop.iter, comp.key.value, key, env)
    if bound is None:
        return None
    return ("value", comp.value, Env(comp, {**_enclosing_args(ctx, comp, env), **bound}))


def lambda_outer(ctx: FileContext, fn, env: Env | None) -> dict:
    """The parameters `env` binds that a lambda inside its function reads (`lambda v, g: b2 * v
    + (1 - b2) * g` in `adam(params, b2=0.999)`), less the lambda's own."""
    from codemods.analysis.local_names import _is_ancestor

    if env is None or not _is_ancestor(ctx, env.function, fn) or any(isinstance(node, cst.NamedExpr) for node in _walk(fn)):
        return {}
    own = {param.name.value for param in fn.params.params} | set(_rebound(ctx, env.function))
    return {name: value for name, value in env.args.items() if name not in own}


def _enclosing_args(ctx: FileContext, comp, env: Env | None) -> dict:
    """The parameters `env` binds that the comprehension's value reads from the function around
    it (`self` of a method yielding `{k: f(self.sharding, v) for k, v in ...}`): those of a
    function enclosing it, less the names the comprehension binds itself."""
    from codemods.analysis.local_names import _is_ancestor

    if env is None or not _is_ancestor(ctx, env.function, comp):
        return {}
    own = set()
    for node in _walk(comp):
        if isinstance(node, cst.NamedExpr):
            return {}  # `:=` binds in the function around it
        if isinstance(node, cst.CompFor):
            own.update(name.value for name in _walk(node.target) if isinstance(name, cst.Name))
    own |= set(_rebound(ctx, env.function))
    return {name: value for name, value in env.args.items() if name not in own}


def _rebound(ctx: FileContext, function) -> dict:
    """The names `function`'s own statements bind (a rebound parameter is no longer the call's)."""
    from codemods.analysis.local_names import _scope_info

    return _scope_info(ctx, function).bindings


def _walk(node):
    pending = [node]
    while pending:
        current = pending.pop()
        yield current
        pending.extend(current.children)


def _loop_binding(ctx: FileContext, target, iterable, key_name: str, key: cst.BaseExpression, env: Env | None):
    """What a `for` over the keys binds when it writes the item `key`: the key name, and the
    value name of `for k, v in TABLE.items()` when TABLE is a constant table."""
    from codemods.analysis.specs import string_value

    if isinstance(target, cst.Name):
        return {key_name: (key, env)} if target.value == key_name else None
    if not isinstance(target, cst.Tuple) or len(target.elements) != 2 \
            or not all(type(e) is cst.Element and isinstance(e.value, cst.Name) for e in target.elements):
        return None
    first, second = (e.value.value for e in target.elements)
    if first != key_name or second == key_name:
        return None
    bound = {key_name: (key, env)}
    if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Attribute) \
            and iterable.func.attr.value == "items" and not iterable.args \
            and _table_name(iterable.func.value) not in _mutated(ctx):
        held, _ = follow_spec(ctx, iterable.func.value, env)
        item = dict_item(held, string_value(key) or "")
        if item is not None:
            bound[second] = (item, env)
    return bound


def _loop_leaf(ctx: FileContext, node: cst.Subscript, env: Env | None):
    """`out['w']` where `out = {}` and the file's one item store into `out` is the statement
    `out[k] = expr` directly in the body of a `for` over keys, between the two in one function."""
    from codemods.analysis.local_names import resolve_name, scope_of

    if not isinstance(node.value, cst.Name):
        return None
    binding = resolve_name(ctx, node.value)
    if binding is None or binding.kind != "assign" or not isinstance(binding.value, cst.Dict) \
            or binding.value.elements:
        return None
    function = scope_of(ctx, node)
    use = ctx.offsets(node)[0]
    for loop in _loops(ctx, function):
        start, end = ctx.offsets(loop)
        if not binding.end <= start or not end <= use or loop.orelse is not None:
            continue
        for line in loop.body.body if isinstance(loop.body, cst.IndentedBlock) else ():
            if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1 \
                    or not isinstance(line.body[0], cst.Assign) or len(line.body[0].targets) != 1:
                continue
            store = line.body[0].targets[0].target
            if isinstance(store, cst.Subscript) and isinstance(store.value, cst.Name) \
                    and store.value.value == node.value.value and len(store.slice) == 1 \
                    and isinstance(store.slice[0].slice, cst.Index) \
                    and isinstance(store.slice[0].slice.value, cst.Name):
                bound = _loop_binding(ctx, loop.target, loop.iter, store.slice[0].slice.value.value,
                                      node.slice[0].slice.value, env)
                return ("value", line.body[0].value, Env(function, bound)) if bound is not None else None
    return None


def _loops(ctx: FileContext, function) -> list:
    """The `for` statements of `function`'s own body (not of nested functions or classes)."""
    found = []
    stack = [function.body] if isinstance(function, cst.FunctionDef) else []
    while stack:
        current = stack.pop()
        if isinstance(current, cst.For):
            found.append(current)
        if isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        stack.extend(current.children)
    return found
