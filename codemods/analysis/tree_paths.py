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

from codemods.dataclass_code import dataclass

from codemods.analysis.filled_dicts import filled_item
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


@dataclass(frozen=True)
class Attr:
    """A field of a record on a path (`state.particles`, `getattr(state, name)`)."""

    name: str


def string_path(node: cst.BaseExpression, ctx: FileContext | None = None,
                env: Env | None = None) -> tuple[cst.BaseExpression, tuple] | None:
    """(root, keys) of `root['a'].b['c']...` with string-literal keys (a name `env` binds to one,
    with `ctx`), fields `.b` and `getattr(x, 'b')` (Attr); None for anything else."""

    keys: list = []
    for _ in range(MAX_HOPS * 2):
        if isinstance(node, cst.Subscript):
            if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
                return None
            key = _key(node.slice[0].slice.value, ctx, env)
            if key is None:
                return None
            keys.insert(0, key)
            node = node.value
        elif isinstance(node, cst.Attribute) and ctx is not None:
            keys.insert(0, Attr(node.attr.value))
            node = node.value
        elif ctx is not None and _getattr(ctx, node):
            key = _key(node.args[1].value, ctx, env)
            if key is None:
                return None
            keys.insert(0, Attr(key))
            node = node.args[0].value
        else:
            break
    return (node, tuple(keys)) if keys else None


def _key(node: cst.BaseExpression, ctx: FileContext | None, env: Env | None) -> str | None:
    from codemods.analysis.specs import string_value

    if isinstance(node, cst.Name) and ctx is not None and env_value(ctx, node, env) is not None:
        bound = env_value(ctx, node, env)[0]  # a loop's key bound to one string (or member)
        node = bound if isinstance(bound, cst.Attribute) else follow_env(ctx, node, env)[0]
    if isinstance(node, cst.Attribute) and ctx is not None:  # `state[Field.U]`, an Enum member (enum_keys.py)
        from codemods.analysis.enum_keys import member_key

        return member_key(ctx, node)
    return string_value(node) if node is not None and isinstance(node, cst.BaseExpression) else None


def _getattr(ctx: FileContext, node: cst.BaseExpression) -> bool:
    """`getattr(x, name)` of the builtin, two arguments."""
    from codemods.analysis.iterated import _bound_names

    return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "getattr" \
        and len(node.args) == 2 and not any(arg.star or arg.keyword for arg in node.args) \
        and "getattr" not in _bound_names(ctx)


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
        if isinstance(tree, (cst.Subscript, cst.Attribute)) or _getattr(ctx, tree):
            found = string_path(tree, ctx, env)
            if found is None:
                return None
            tree, keys = found[0], (*found[1], *keys)
            continue
        if isinstance(tree, cst.Name) and isinstance(keys[0], str) \
                and (filled := filled_item(ctx, tree, keys[0], env)) is not None:
            (tree, env), keys = filled, keys[1:]  # `cache[name] = ...` in a loop (filled_dicts.py)
            continue
        if isinstance(tree, cst.Name):
            followed = _follow_name(ctx, tree, keys, env)
            if followed is None:
                return None
            tree, env = followed
            continue
        tree, env = _produced(ctx, tree, env)
        if isinstance(tree, (cst.Subscript, cst.Attribute, cst.Name)) or _getattr(ctx, tree):
            continue  # what a helper returned: followed again
        if isinstance(keys[0], Attr) and not (isinstance(tree, cst.Call) and ctx.imports.resolve(tree.func) in _TREE_MAP):
            field = _field(ctx, tree, keys[0].name, env)
            if field is None and isinstance(tree, cst.Call):
                from codemods.analysis.sharding_producers import producer_out

                # `init(x).visits` of a jit whose out_shardings is a record: jit checks its result has
                # that record's structure (the same class), so the field is read by name there
                out, out_env = producer_out(ctx, tree.func)
                return _sharding_at(ctx, out, keys, out_env, depth) if out is not None else None
            if field is None:
                return None
            tree, env, used = field
            keys = keys[1:] if used else keys
            continue
        if isinstance(tree, cst.DictComp):
            key_node = cst.SimpleString(repr(keys[0]))  # read by its value only
            found = _comprehension_leaf(ctx, tree, key_node, env)
            if found is None or found[0] != "value":
                return None
            tree, keys, env = found[1], keys[1:], found[2]
            continue
        item = literal_item(ctx, tree, keys[0]) if not isinstance(tree, cst.Name) else None
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
        from codemods.analysis.sharding_producers import producer_out

        out, out_env = producer_out(ctx, tree.func)  # jit checks its result against the table's keys
        return _sharding_at(ctx, out, keys, out_env, depth) if out is not None else None
    return None


def _follow_name(ctx: FileContext, name: cst.Name, keys: tuple, env: Env | None):
    """(what `name` holds, Env), one name at a time, when no code may change the dicts on the way
    to `keys` (a record's fields are what it was built with: NamedTuple, or a dataclass field no
    code stores, _field)."""
    from codemods.analysis.call_sites import parameter_function, passed
    from codemods.analysis.local_names import resolve_name
    from codemods.analysis.local_tables import handed_kept, unchanged
    from codemods.analysis.spec_sources import _unpacked_item
    from codemods.analysis.tree_items import _passed_unchanged
    from codemods.analysis.tree_leaves import _inner_unchanged

    items = [key for key in keys[:next((i for i, key in enumerate(keys) if isinstance(key, Attr)), len(keys))]]
    if len(items) < len(keys) and any(not isinstance(key, Attr) for key in keys[len(items):]) \
            and not _record_dicts_kept(ctx, keys[len(items):]):
        return None  # a dict inside a record: changed through any alias of the record
    bound = env_value(ctx, name, env)
    if bound is not None:
        if isinstance(bound[0], PathLeaf):
            return bound
        held = bound[0]
        if items and isinstance(held, (cst.Name, cst.Attribute)) and not _passed_unchanged(ctx, name, env) \
                and not unchanged(ctx, held):
            return None
        return bound
    binding = resolve_name(ctx, name)
    if binding is None:
        function = parameter_function(ctx, name)
        if function is None:
            return _comprehension_param(ctx, name, bool(items))
        if items and handed_kept(ctx, name) is not True:
            return None
        values = passed(ctx, function, name.value)
        return values[0] if values and len(values) == 1 else None
    if items and (not unchanged(ctx, name) or len(items) > 1 and not _inner_unchanged(ctx, name, items, env)):
        return None
    if binding.kind == "assign":
        return binding.value, env
    if binding.kind == "item":
        return _unpacked_item(ctx, name, env)
    return None


def keyed_path_leaf(ctx: FileContext, keyed):
    """The leaf a `Keyed` item of a record's field reads (`v` of `for k, v in state.params.items()`):
    path_leaf at the field's path and the key."""
    from codemods.analysis.specs import string_value

    key = string_value(keyed.key_node) if isinstance(keyed.key_node, cst.SimpleString) else None
    path = string_path(keyed.tree, ctx, keyed.env) if isinstance(keyed.tree, cst.Attribute) and key is not None else None
    return path_leaf(ctx, path[0], (*path[1], key), keyed.env) if path is not None else None


def _record_dicts_kept(ctx: FileContext, keys: tuple) -> bool:
    """Whether no code of the file may change a dict held in a record's field on the way to
    `keys` (`state.params['w']`): the file never stores into, changes or hands on anything read
    as `.params` (the field name, whatever the record), nor reads names dynamically."""
    from codemods.analysis.table_changes import _mutated

    mutated = _mutated(ctx)
    fields = {"." + key.name for key in keys if isinstance(key, Attr)}
    return "*" not in mutated and not fields & mutated and "getattr" not in _names_read(ctx)


def _names_read(ctx: FileContext) -> frozenset[str]:
    import ast

    return ctx.cached("tree_paths.names", lambda: frozenset(
        node.id for node in ast.walk(ctx.tree) if isinstance(node, ast.Name)))


def _comprehension_param(ctx: FileContext, name: cst.Name, items: bool):
    """A parameter of a module function read inside a comprehension of it (run at once, where it
    stands): (what the one call of the function passes, Env); for a dict read by key, only a fresh
    call result handed under a name the file never changes a dict through."""
    from codemods.analysis.call_sites import passed
    from codemods.analysis.local_names import _is_comprehension, _scope_info, scope_of
    from codemods.analysis.table_changes import _mutated

    scope = scope_of(ctx, name)
    while _is_comprehension(scope) and name.value not in _scope_info(ctx, scope).params \
            and not _scope_info(ctx, scope).bindings.get(name.value):
        scope = scope_of(ctx, scope)
    if scope is scope_of(ctx, name) or not isinstance(scope, cst.FunctionDef):
        return None
    params = {p.name.value for p in (*scope.params.posonly_params, *scope.params.params, *scope.params.kwonly_params)}
    if name.value not in params or _scope_info(ctx, scope).bindings.get(name.value) or scope.decorators:
        return None
    found = passed(ctx, scope, name.value)
    if not found or len(found) != 1:
        return None
    if items and (not isinstance(found[0][0], cst.Call) or name.value in _mutated(ctx) or "*" in _mutated(ctx)):
        return None
    return found[0]


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
    from codemods.analysis.tree_items import keeps_layout, mapping_lambda
    from codemods.analysis.tree_leaves import lambda_outer
    from codemods.analysis.tree_map_args import mapped_args

    args = mapped_args(ctx, call)
    if args is None or len(args) < 2:
        return None
    fn = args[0].value
    if keeps_layout(ctx, fn) and len(args) == 2:  # `jax.tree.map(jnp.zeros_like, params)`
        return ("value", PathLeaf(args[1].value, keys, env), None)
    if not mapping_lambda(fn, len(args) - 1):
        return None
    params = fn.params
    bound = {}
    for param, arg in zip(params.params, args[1:]):
        # written out where the tree is built (a spec of a table), or else the leaf itself, read
        # only if the body's sharding depends on it
        found = path_leaf(ctx, arg.value, keys, env, 1)
        written = found is not None and found[0] == "value" and isinstance(found[1], cst.BaseExpression) \
            and not isinstance(found[1], (cst.Name, cst.Subscript))
        bound[param.name.value] = (found[1], found[2]) if written else (PathLeaf(arg.value, keys, env), None)
    return ("value", fn.body, Env(fn, {**lambda_outer(ctx, fn, env), **bound}))


def _field(ctx: FileContext, tree, attr: str, env: Env | None):
    """(expression, Env, whether it is the field itself) for field `attr` of the record `tree`
    builds: a NamedTuple or dataclass construction, `t._replace(attr=...)` (else `t` itself), a
    NamedTuple built from a starred generator (`State(*(jax.device_put(f, S) for f in state))`:
    every field is the generator's element; over `zip(state, SPECS)`, with the names bound to the
    field's position in each zipped record or tuple, _zipped_items)."""
    from codemods.analysis.local_names import resolve_name
    from codemods.analysis.named_axes import _is_named_tuple
    from codemods.analysis.record_fields import record_field
    from codemods.analysis.tree_leaves import _enclosing_args

    if not isinstance(tree, cst.Call):
        return None
    func = tree.func
    if isinstance(func, cst.Attribute) and func.attr.value == "_replace":
        if not all(arg.keyword is not None and not arg.star for arg in tree.args):
            return None
        given = next((arg.value for arg in tree.args if arg.keyword.value == attr), None)
        if given is None:
            return func.value, env, False
        # only a record built where the code shows it has that `_replace` (not a class's own method)
        return (given, env, True) if path_leaf(ctx, func.value, (Attr(attr),), env, MAX_HOPS) is not None else None
    if len(tree.args) == 1 and tree.args[0].star == "*" and isinstance(tree.args[0].value, cst.GeneratorExp) \
            and isinstance(func, cst.Name):
        binding = resolve_name(ctx, func)
        generator = tree.args[0].value
        if binding is None or binding.kind != "def" or not isinstance(binding.node, cst.ClassDef) \
                or not _is_named_tuple(ctx, binding.node) or generator.for_in.inner_for_in is not None \
                or generator.for_in.ifs:
            return None
        bound = _zipped_items(ctx, binding.node, generator, attr, env)
        if bound is None:
            return None
        return generator.elt, Env(generator, {**_enclosing_args(ctx, generator, env), **bound}), True
    found = record_field(ctx, tree, env, attr)
    return (*found, True) if found is not None else None


def _zipped_items(ctx: FileContext, classdef, generator, attr: str, env: Env | None) -> dict | None:
    """The names a generator over `zip(a, b, ...)` binds for the item that becomes field `attr` of
    the NamedTuple `classdef` built from it (the field's position in each zipped sequence, or in
    the one sequence a plain loop walks; {} when that item is not written out). A zipped sequence whose item is not written out leaves its name unbound (read as
    unknown); None when the pairing is not certain."""
    from codemods.analysis.record_fields import positional_item, tuple_fields

    from codemods.analysis.iterated import _bound_names

    target, iterated = generator.for_in.target, generator.for_in.iter
    fields = tuple_fields(classdef)
    if not (isinstance(iterated, cst.Call) and isinstance(iterated.func, cst.Name) and iterated.func.value == "zip"):
        # `Tree(*(NamedSharding(mesh, s) for s in SPECS))`: the name bound to the field's position
        item = positional_item(ctx, iterated, env, fields.index(attr)) \
            if isinstance(target, cst.Name) and attr in fields else None
        return {target.value: item} if item is not None else {}
    if "zip" in _bound_names(ctx):
        return None
    if attr not in fields or not isinstance(target, cst.Tuple) or len(target.elements) != len(iterated.args) \
            or any(arg.keyword is not None or arg.star for arg in iterated.args) \
            or not all(isinstance(element.value, cst.Name) for element in target.elements):
        return None
    index, bound = fields.index(attr), {}
    for element, arg in zip(target.elements, iterated.args):
        item = positional_item(ctx, arg.value, env, index)
        if item is not None:
            bound[element.value.value] = item
    return bound if bound else None
