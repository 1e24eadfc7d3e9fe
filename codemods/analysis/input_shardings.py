"""The sharding an input of SF104's `top_level_all_gather` certainly has, where the code shows it.

`jax.device_put(x, S)`, `jax.reshard(x, S)`, a called `jax.jit(f, out_shardings=S)` or
`shard_map(f, out_specs=S)` (directly, through a local name or a decorated def), read through
local names, one-return helpers (their parameters bound to the call's arguments), the callers of
a module function (call_sites.py), leaves of pytrees placed by `jax.device_put` or `jax.tree.map`
(spec_sources.py), and specs built by helpers (spec_builders.py). Anything else is unknown (None).
Which calls produce a stated sharding is read in sharding_producers.py.
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial

from codemods.analysis.call_sites import read_passed
from codemods.analysis.comprehended_shardings import comprehended_elements
from codemods.analysis.host_scalars import named_scalar_operand
from codemods.analysis.jitted_results import plain_jit_body, traced_known
from codemods.analysis.kept_reductions import (centred_operand, dropped_dimension, keepdims_operand, unsharded_dim,
                                               without_dimension)
from codemods.analysis.local_names import MAX_DEPTH, follow_names, resolve_name
from codemods.analysis.named_lambdas import lambda_arguments
from codemods.analysis.receiver_binding import instance_call
from codemods.analysis.sliced_arrays import sliced_value, slicing_keeps
from codemods.analysis.returned_specs import property_sharding
from codemods.analysis.sharding_producers import producer_out
from codemods.analysis.spec_builders import built_spec
from codemods.analysis.uniform_specs import constant_leaves, uniform_env
from codemods.analysis.spec_sources import Env, bind_call, env_value, follow_spec, returned_by
from codemods.analysis.table_changes import _mutations, _table_name
from codemods.analysis.tree_paths import PathLeaf, _getattr, keyed_path_leaf, path_leaf, string_path
from codemods.analysis.tree_leaves import leaf_source, mapped_tree, tree_leaf, tree_map_body
from codemods.analysis.local_tables import handed_kept, handed_names, kept_local, unchanged
from codemods.analysis.nested_tables import inner_dicts_unchanged
from codemods.analysis.tree_items import (Keyed, _is_number, array_operands, elementwise_operands, like_argument,
                                          out_sharding_argument, scalar_operand)
from codemods.analysis.specs import ShardingLiteral, call_argument, parse_sharding, string_value
from codemods.analysis.local_names import parents
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

_READS = MAX_DEPTH + 2  # reads from a gather's input (one rebound in a loop: its assignments, then its callers)
# Arrays built from host data: where their sharding argument stands.
_MAKE_ARRAY = {"jax.make_array_from_process_local_data": (0, "sharding"),
               "jax.make_array_from_callback": (1, "sharding"),
               "jax.make_array_from_single_device_arrays": (1, "sharding")}


def input_sharding(ctx: FileContext, expr: cst.BaseExpression, depth: int = 0,
                   env: Env | None = None) -> ShardingLiteral | None:
    """The sharding `expr` certainly has, when the code shows it; else None. `env` binds the
    parameters of a one-`return` function to the arguments of the call being followed."""
    found = _input_sharding(ctx, expr, depth, env)
    if found is None and depth == 0 and env is None:
        from codemods.analysis.receivers import receiver_envs

        # `self.params['w']` in a method: read with `self` bound to each instance it is called on
        envs = receiver_envs(ctx, expr)
        if not envs and isinstance(expr, cst.Name):  # `emb = self.encode(x)` then `gather(emb, ...)`
            binding = resolve_name(ctx, expr)
            if binding is not None and binding.kind == "assign" and binding.value is not None:
                envs = receiver_envs(ctx, binding.value)
        if envs:
            return _agreed([_input_sharding(ctx, expr, 1, bound) for bound in envs])
    return found


def _input_sharding(ctx: FileContext, expr: cst.BaseExpression, depth: int = 0,
                    env: Env | None = None) -> ShardingLiteral | None:
    if depth > _READS:
        return None
    if isinstance(expr, Keyed):  # an item of a tree that jax.tree.map reads (tree_items.py)
        return _keyed_sharding(ctx, expr, depth)
    if isinstance(expr, PathLeaf):  # the leaf at a path of a tree (tree_paths.py)
        found = path_leaf(ctx, expr.tree, expr.keys, expr.env)
        return _leaf_read(ctx, found, depth) if found is not None else None
    if (sliced := sliced_value(expr)) is not None:  # `x[:, ::-1]`: split dimensions taken whole
        found = input_sharding(ctx, sliced[0], depth + 1, env)
        return found if found is not None and slicing_keeps(found.spec.spec, sliced[1]) else None
    if isinstance(expr, cst.Subscript):  # a leaf of a sharded pytree: `params['w']`
        leaf = leaf_source(ctx, expr, env)
        if leaf is None:
            found = _iterated_item(ctx, expr, depth, env) or _path_sharding(ctx, expr, depth, env)
            if found is not None:
                return found
        if leaf is None:
            # `tree['w']` of a tree whose leaves are all placed alike (a string key: not an array)
            # whose items nothing stores or lets escape
            keyed = len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Index) \
                and string_value(expr.slice[0].slice.value) is not None
            others, stores = _mutations(ctx)
            tree = _table_name(expr.value)
            local = isinstance(expr.value, cst.Name) and kept_local(ctx, expr.value)
            if not keyed or tree is None or not local and (tree in others or stores.get(tree) or "*" in others):
                return None
            return leaf_sharding(ctx, expr.value, depth + 1, env)
        return _leaf_read(ctx, leaf, depth) or _path_sharding(ctx, expr, depth, env)
    if isinstance(expr, cst.Name):
        bound = env_value(ctx, expr, env)
        if bound is not None:
            return input_sharding(ctx, bound[0], depth + 1, bound[1])
        mapped = mapped_tree(ctx, expr, env)
        if mapped is not None:  # `jax.tree.map(lambda p: gather(p, ...), params)`
            return leaf_sharding(ctx, mapped[0], depth + 1, mapped[1])
        binding = resolve_name(ctx, expr)
        if binding is None:
            return _reached_sharding(ctx, expr, depth, env, input_sharding) \
                or _iterated_sharding(ctx, expr, depth) or _passed_sharding(ctx, expr, depth) \
                or _dict_loop_sharding(ctx, expr, depth, env)
        if binding.kind == "item":  # `w, opt = step(w, opt)`
            return _item_sharding(ctx, binding, depth)
        if binding.kind != "assign":
            return None
        return input_sharding(ctx, binding.value, depth + 1, env)
    if isinstance(expr, cst.Attribute):  # `self.w`, stored by the constructed class's `__init__`
        field = _init_field(ctx, expr, env)
        if field is None:  # a loader's batch, or a field of a record built where the code shows it
            return (_record_field(ctx, expr, depth) if env is None else None) or _path_sharding(ctx, expr, depth, env) \
                or _updated_field(ctx, expr, depth, env)
        return _input_sharding(ctx, field[0], depth + 1, field[1])
    operand = scalar_operand(expr) or named_scalar_operand(ctx, expr, env)
    if operand is not None:  # `kv * 2`, `lr * m` of `lr=1e-3`: laid out as kv is
        return input_sharding(ctx, operand, depth, env)  # a part of the expression: no name followed, no cycle
    own = centred_operand(ctx, expr)
    if own is not None:  # `w - jnp.mean(w, axis=-1, keepdims=True)`: the size-1 side broadcasts to w's layout
        return input_sharding(ctx, own, depth, env)
    operands = array_operands(expr)
    if operands is not None:  # `rewards + 0.99 * values`, both laid out alike
        found = _agreed([input_sharding(ctx, side, depth, env) for side in operands])
        return found if found is not None and not (found.spec.spec.reduced or found.spec.spec.unreduced) else None
    if not isinstance(expr, cst.Call):
        return None
    from codemods.analysis.iterated import next_values

    if _getattr(ctx, expr):  # `getattr(state, name)`, a key bound: the field
        return _path_sharding(ctx, expr, depth, env)
    values = next_values(ctx, expr)
    if values is not None:  # `next(iter(loader))`: one of the values its generator yields
        return _agreed([input_sharding(ctx, value, depth + 1, inner) for value, inner in values])
    called = instance_call(ctx, expr, env)
    if called is not None:  # `collator(docs)` of a constructed object: its `__call__`, `self` bound
        return input_sharding(ctx, called[0], depth + 1, called[1])
    helpers = [(found, jitted) for found, jitted in ((returned_by(ctx, expr.func), False),
                                                      (plain_jit_body(ctx, expr.func), True)) if found is not None]
    for (function, value, bindable, skip), jitted in helpers:  # `shard(mesh, x, spec)` returning `jax.device_put(...)`;
        # `jax.jit(f)(x)`: as `f(x)`, every argument bound, all arrays (jitted_results.py; as a helper, the static ones)
        inner = bind_call(ctx, function, expr, env, bindable, skip)
        if inner is not None and (not jitted or traced_known(ctx, expr.func, inner, lambda node, outer:
                                                             input_sharding(ctx, node, depth + 1, outer))):
            if (found := input_sharding(ctx, value, depth + 1, inner)) is not None:
                return found
    if helpers:
        return None
    if tree_map_body(ctx, expr) is not None:  # a tree gathered whole, its leaves placed alike
        return leaf_sharding(ctx, expr, depth + 1, env)
    kept = keepdims_operand(ctx, expr)
    if kept is not None:  # `jnp.sum(x, axis=-1, keepdims=True)` over an unsharded dimension
        found = input_sharding(ctx, kept[0], depth + 1, env)
        return found if found is not None and unsharded_dim(found.spec.spec, kept[1]) else None
    dropped = dropped_dimension(ctx, expr)
    if dropped is not None:  # `jnp.argmax(x, axis=-1)`: x's spec less that dimension
        found = input_sharding(ctx, dropped[0], depth + 1, env)
        spec = without_dimension(found.spec.spec, dropped[1]) if found is not None else None
        return replace(found, spec=replace(found.spec, spec=spec)) if spec is not None else None
    like = like_argument(ctx, expr)
    if like is not None:  # `jnp.zeros_like(x)`: laid out as x is
        return input_sharding(ctx, like, depth + 1, env)
    operands = elementwise_operands(ctx, expr)
    if operands is not None:  # `jnp.tanh(x)`, `jnp.maximum(a, b)`: laid out as x (a and b) are
        found = _agreed([input_sharding(ctx, side, depth, env) for side in operands])
        return found if found is not None and not (found.spec.spec.reduced or found.spec.spec.unreduced) else None
    name = ctx.imports.resolve(expr.func)
    given = out_sharding_argument(ctx, expr)
    if given is not None:  # `jnp.zeros(shape, out_sharding=S)`, `jnp.dot(a, b, out_sharding=S)`
        sharding = given
    elif name == "jax.device_put":
        sharding = call_argument(expr, 1, "device")
    elif name == "jax.reshard":
        sharding = call_argument(expr, 1, "out_shardings")
    elif name == "jax.lax.with_sharding_constraint":  # its result has S (under Explicit axes it asserts so)
        sharding = call_argument(expr, 1, "shardings")
    elif name in _MAKE_ARRAY:
        sharding = call_argument(expr, *_MAKE_ARRAY[name])
    else:
        # written where the producer stands: outside any bound call, or in a builder it returns from
        sharding, made = producer_out(ctx, expr.func, env)
        # a jit made in the function being followed reads its out_shardings under that call's Env
        env = made if made is not None or not _made_here(ctx, expr.func, env) else env
    if sharding is None:
        return None
    written = sharding if env is None else None  # as the call writes it, read where it stands
    sharding, env = _sharding_source(ctx, sharding, env)
    follow = partial(follow_spec, ctx, env=env)
    field = _init_field(ctx, sharding, env)
    if field is not None:  # `self.sharding`: read where `__init__` stores it, its parameters bound
        sharding, env = field
        follow = partial(follow_spec, ctx, env=env)
    elif isinstance(sharding, cst.Attribute) and (got := property_sharding(ctx, sharding, env)) is not None:
        sharding, env = got  # `writer.layout` of a `@property` returning `NamedSharding(self.mesh, ...)`
        follow = partial(follow_spec, ctx, env=env)
    elif isinstance(sharding, cst.Attribute) and sharding.attr.value == "sharding":
        found = input_sharding(ctx, sharding.value, depth + 1, env)  # `jax.device_put(new, old.sharding)`
        if found is not None:
            return found
    found = parse_sharding(ctx, sharding, follow, partial(built_spec, ctx, env=env))
    if found is None and written is not None and written is not sharding:  # a helper of config values
        found = parse_sharding(ctx, written, partial(follow_spec, ctx, env=None), partial(built_spec, ctx, env=None))
    return found


def _path_sharding(ctx: FileContext, expr: cst.BaseExpression, depth: int, env: Env | None) -> ShardingLiteral | None:
    """`opt['mu']['dense']['w']`, `state.particles`: the leaf at that path of what builds the
    tree (tree_paths.py)."""
    path = string_path(expr, ctx, env)
    found = path_leaf(ctx, path[0], path[1], env) if path is not None else None
    return _leaf_read(ctx, found, depth) if found is not None else None


def _leaf_read(ctx: FileContext, leaf, depth: int) -> ShardingLiteral | None:
    kind, node, leaf_env = leaf
    if kind == "sharding":
        return parse_sharding(ctx, node, partial(follow_spec, ctx, env=leaf_env), partial(built_spec, ctx, env=leaf_env))
    return input_sharding(ctx, node, depth + 1, leaf_env)


def _keyed_unchanged(ctx: FileContext, keyed: Keyed) -> bool:
    """Whether the tree a `Keyed` item reads is as built when tree.map reads it: a local no code
    of its function changes, or a parameter its function does not change whose caller passes
    such a local (changed by nothing but the call)."""
    tree, keys = keyed.tree, []
    while isinstance(tree, cst.Subscript):  # `opt['mu']`: the root and the dicts on the way
        key = _string_key(tree)
        if key is None:
            return False
        keys.insert(0, key)
        tree = tree.value
    if keys and not (isinstance(tree, cst.Name) and inner_dicts_unchanged(ctx, tree.value, tuple(keys), False)):
        return False
    bound = env_value(ctx, tree, keyed.env) if isinstance(tree, cst.Name) else None
    if bound is None:  # a parameter: each caller hands over a tree nothing changes (handed_kept)
        return unchanged(ctx, tree) or isinstance(tree, cst.Name) and handed_kept(ctx, tree) is True
    if keys and not (isinstance(bound[0], cst.Name) and inner_dicts_unchanged(ctx, bound[0].value, tuple(keys), False)):
        return False
    value, outer = bound
    call = parents(ctx).get(parents(ctx).get(value)) if isinstance(value, cst.Name) else None
    return outer is None and isinstance(call, cst.Call) and kept_local(ctx, tree, param=True) \
        and kept_local(ctx, value, through=call)


def _string_key(node: cst.Subscript) -> str | None:
    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return None
    return string_value(node.slice[0].slice.value)


def _keyed_sharding(ctx: FileContext, keyed: Keyed, depth: int) -> ShardingLiteral | None:
    """The item of a tree tree.map reads: where the tree's item is placed, or the sharding all
    its leaves share."""
    if not _keyed_unchanged(ctx, keyed):
        return None  # (`state.params[k]` of a placed record: read by its path, tree_paths.py)
    leaf = tree_leaf(ctx, keyed.tree, keyed.key_node, keyed.env) or keyed_path_leaf(ctx, keyed)
    if leaf is not None:
        return _leaf_read(ctx, leaf, depth)
    return leaf_sharding(ctx, keyed.tree, depth + 1, keyed.env)


def leaf_sharding(ctx: FileContext, tree: cst.BaseExpression, depth: int = 0,
                  env: Env | None = None) -> ShardingLiteral | None:
    """The sharding every leaf of the pytree `tree` certainly has (one array is its own leaf):
    `jax.device_put(t, S)` with one sharding S, or `jax.tree.map(lambda p: <sharded the same
    whatever p is>, t)`, through names, parameters and one-return helpers."""
    if depth > _READS:
        return None
    if isinstance(tree, cst.Name):
        bound = env_value(ctx, tree, env)
        if bound is not None:
            return leaf_sharding(ctx, bound[0], depth + 1, bound[1])
        binding = resolve_name(ctx, tree)
        if binding is None:
            return _reached_sharding(ctx, tree, depth, env, leaf_sharding) or _passed_sharding(ctx, tree, depth, leaf_sharding)
        return leaf_sharding(ctx, binding.value, depth + 1, env) if binding.kind == "assign" else None
    if not isinstance(tree, cst.Call):
        return None
    returned = returned_by(ctx, tree.func)
    if returned is not None:
        function, value, bindable, skip = returned
        inner = bind_call(ctx, function, tree, env, bindable, skip)
        return leaf_sharding(ctx, value, depth + 1, inner) if inner is not None else None
    mapped = tree_map_body(ctx, tree)
    if mapped is not None:  # its parameters left unbound: the body's sharding must not depend on them
        found = input_sharding(ctx, mapped[1], depth + 1, env)
        if found is None and (uniform := uniform_env(ctx, tree, env)) is not None:
            found = input_sharding(ctx, mapped[1], depth + 1, uniform)  # every spec leaf the same (uniform_specs.py)
        return found
    return input_sharding(ctx, tree, depth + 1, env)  # device_put(t, S) as well as one array


def _passed_sharding(ctx: FileContext, name: cst.Name, depth: int, read=None) -> ShardingLiteral | None:
    """A parameter of a module function: the sharding every call's argument has, when they agree."""
    found = read_passed(ctx, name, lambda value, env: (read or input_sharding)(ctx, value, depth + 1, env), arrays=True)
    if found is None and (given := lambda_arguments(ctx, name)):  # `write = lambda a: ...` then `write(x)`
        found = [(read or input_sharding)(ctx, value, depth + 1, None) for value in given]
    if not found or any(sharding is None for sharding in found) or len({s.spec.spec for s in found}) != 1:
        return None
    return found[0]


def _sharding_source(ctx: FileContext, sharding, env: Env | None) -> tuple:
    """(expression, Env) a sharding argument stands for when it is an item of a tree of shardings
    (a lambda's parameter bound by jax.tree.map), or what a one-return helper returns
    (`sharding_for(mesh, SPECS['w'])`, its parameters bound); else as it is."""
    for _ in range(MAX_DEPTH):
        if isinstance(sharding, cst.Subscript):
            # `SHARDINGS['w']` of `{k: NamedSharding(mesh, s) for k, s in SPECS.items()}`, also
            # built by a one-return helper (`table = shardings(mesh)`)
            leaf = leaf_source(ctx, sharding, env)
            if leaf is None or leaf[0] != "value" or isinstance(leaf[1], Keyed):
                break
            _, sharding, env = leaf
            continue
        bound = env_value(ctx, sharding, env) if isinstance(sharding, cst.Name) else None
        if bound is not None and isinstance(bound[0], Keyed):
            keyed = bound[0]
            leaf = None if not _keyed_unchanged(ctx, keyed) else tree_leaf(ctx, keyed.tree, keyed.key_node, keyed.env)
            if leaf is None:
                break
            _, sharding, env = leaf
            continue
        held, _ = follow_names(ctx, sharding) if isinstance(sharding, (cst.Name, cst.Call)) else (None, False)
        returned = returned_by(ctx, held.func) if isinstance(held, cst.Call) else None
        if returned is None:
            constant = constant_leaves(ctx, held, env) if isinstance(held, cst.Call) else None
            if constant is not None:  # `jax.tree.map(lambda _: NamedSharding(mesh, S), params)`
                sharding, env = constant
            break
        function, value, bindable, skip = returned
        inner = bind_call(ctx, function, held, env, bindable, skip)
        if inner is None:
            break
        sharding, env = value, inner
    return sharding, env


def _item_sharding(ctx: FileContext, binding, depth: int) -> ShardingLiteral | None:
    """Item `i` of a tuple unpacked from a call: of the tuple a helper returns (its parameters
    bound), or of a called `jax.jit(f, out_shardings=(S1, S2))` (one sharding S: every item)."""
    from codemods.analysis.named_axes import tuple_item

    value = binding.value
    index, size = binding.item
    if not isinstance(value, cst.Call):
        held, _ = follow_names(ctx, value)
        item = tuple_item(held, index, size)
        return input_sharding(ctx, item, depth + 1) if item is not None else None
    returned = returned_by(ctx, value.func)
    if returned is not None:
        function, result, bindable, skip = returned
        inner = bind_call(ctx, function, value, None, bindable, skip)
        held, _ = follow_names(ctx, result)
        item = tuple_item(held, index, size)
        return input_sharding(ctx, item, depth + 1, inner) if item is not None and inner is not None else None
    out, env = producer_out(ctx, value.func)
    held, _ = follow_spec(ctx, out, env) if out is not None else (None, False)
    if isinstance(held, (cst.Tuple, cst.List)):
        out = tuple_item(held, index, size)
        if out is None:
            return None
        out, env = _sharding_source(ctx, out, env)  # `shard['cov']` of a table of shardings
    elif held is not None and (built := comprehended_elements(ctx, held, env)) is not None:
        if len(built) != size:  # `tuple(NamedSharding(mesh, s) for s in LAYOUT)`
            return None
        out, env = _sharding_source(ctx, *built[index])
    return parse_sharding(ctx, out, partial(follow_spec, ctx, env=env), partial(built_spec, ctx, env=env)) \
        if out is not None else None


def _reached_sharding(ctx: FileContext, name: cst.Name, depth: int, env: Env | None, read) -> ShardingLiteral | None:
    """A name assigned in several places (`u = step(u)` in a loop after `u = device_put(u, S)`):
    the sharding every assignment that may reach the use gives, when they agree."""
    from codemods.analysis.reaching import reaching_assignments

    # an unpacked item (`pos, vel = step(pos, vel)` in a loop) is read as what the call's
    # tuple holds there; only for the array itself, outside a bound call
    items = read is input_sharding and env is None
    found = reaching_assignments(ctx, name, items=items)
    if not found:  # (one alone: the assignment of a loop that surely runs, reaching.py)
        from codemods.analysis.rebound_params import rebound_values

        # a parameter its function rebinds (`for _ in range(steps): y = y - dt * k * y`)
        return _agreed(rebound_values(ctx, name, env, lambda value, inner: read(ctx, value, depth + 1, inner),
                                      read.__name__) or [])
    return _agreed([_item_sharding(ctx, binding, depth) if binding.kind == "item"
                    else read(ctx, binding.value, depth + 1, env) for binding in found])


def _init_field(ctx: FileContext, node: cst.BaseExpression, env: Env | None):
    from codemods.analysis.iterated import init_field

    return init_field(ctx, node, env) if isinstance(node, cst.Attribute) else None


def _updated_field(ctx: FileContext, node: cst.Attribute, depth: int, env: Env | None) -> ShardingLiteral | None:
    """`self.buf` that `__init__` stores and other methods update in place (`self.buf = self.buf +
    g`): the stored layout, when every update's other operand is a number or laid out alike
    (updated_fields.py)."""
    from codemods.analysis.iterated import init_field

    operands: list = []
    field = init_field(ctx, node, env, operands)
    if field is None or not operands:
        return None
    stored = _input_sharding(ctx, field[0], depth + 1, field[1])
    if stored is None or stored.spec.spec.reduced or stored.spec.spec.unreduced:
        return None
    for operand in operands:
        if _is_number(operand):
            continue
        found = input_sharding(ctx, operand, depth + 1)
        if found is None or found.spec.spec != stored.spec.spec:
            return None
    return stored


def _iterated_sharding(ctx: FileContext, name: cst.Name, depth: int) -> ShardingLiteral | None:
    """A `for` target (`for batch in Loader(mesh):`): the sharding every value the loop may bind
    has, when they agree."""
    from codemods.analysis.iterated import loop_values

    values = loop_values(ctx, name)
    if not values:
        return None
    return _agreed([input_sharding(ctx, value, depth + 1, env) for value, env in values])


def _dict_loop_sharding(ctx: FileContext, name: cst.Name, depth: int, env: Env | None) -> ShardingLiteral | None:
    """`value` of `for key, value in state.items():` over a dict display: every value's (dict_loops.py)."""
    from codemods.analysis.dict_loops import dict_loop_values

    values = dict_loop_values(ctx, name, env)
    return _agreed([input_sharding(ctx, value, depth + 1, inner) for value, inner in values]) if values else None


def _iterated_item(ctx: FileContext, expr: cst.Subscript, depth: int, key_env: Env | None = None) -> ShardingLiteral | None:
    """`batch['y']` of a `for` target over a loader (`for batch in Loader(mesh):`) no code of its
    function changes: the item every `yield` the loop may take gives, when they agree. The key
    may be a name `key_env` binds (`{k: gather(batch[k], ...) for k in KEYS}`, one key at a time)."""
    from codemods.analysis.iterated import loop_values

    tree = expr.value
    if not isinstance(tree, cst.Name) or len(expr.slice) != 1 or not isinstance(expr.slice[0].slice, cst.Index):
        return None
    key_node = expr.slice[0].slice.value
    if isinstance(key_node, cst.Name) and env_value(ctx, key_node, key_env) is not None:
        key_node = follow_spec(ctx, key_node, key_env)[0]
    if key_node is None or string_value(key_node) is None:
        return None
    # the loop's own target, or the targets a helper's every call passes (`snapshot(batch)`)
    trees = [tree] if kept_local(ctx, tree) else handed_names(ctx, tree) if key_env is None else None
    handed = env_value(ctx, tree, key_env) if trees is None and kept_local(ctx, tree, param=True) else None
    if handed is not None and isinstance(handed[0], cst.Name) and kept_local(ctx, handed[0]):
        trees = [handed[0]]  # `gather(batch, "z500")` from the loop: the caller's own target
    values = [found for name in trees or () for found in loop_values(ctx, name) or [None]]
    if not values or None in values:
        return None
    if any(isinstance(value, (cst.Name, cst.Attribute)) and not unchanged(ctx, value)
           and not (isinstance(value, cst.Name) and env_value(ctx, value, env) is not None)
           for value, env in values):
        return None  # `batch = {...}; batch['x'] = ...; yield batch`
    leaves = [tree_leaf(ctx, value, key_node, env) for value, env in values]
    return _agreed([_leaf_read(ctx, leaf, depth) if leaf is not None else None for leaf in leaves])


def _record_field(ctx: FileContext, expr: cst.Attribute, depth: int) -> ShardingLiteral | None:
    """`batch.labels` of a `for` target over a loader whose `yield`s build a NamedTuple or a
    dataclass (`yield Batch(images=..., labels=...)`): the field every yield gives, when they agree."""
    from codemods.analysis.iterated import loop_values
    from codemods.analysis.record_fields import record_field

    if not isinstance(expr.value, cst.Name):
        return None
    values = loop_values(ctx, expr.value)
    if not values:  # a helper's parameter every call fills with a loop's target (`log(batch)`)
        values = [found for name in handed_names(ctx, expr.value, records=True) or () for found in loop_values(ctx, name) or [None]]
    if not values or None in values:
        return None
    fields = [record_field(ctx, value, env, expr.attr.value) for value, env in values]
    if any(field is None for field in fields):
        return None
    return _agreed([input_sharding(ctx, value, depth + 1, env) for value, env in fields])


def _agreed(found: list) -> ShardingLiteral | None:
    """The one sharding every possible value has, else None."""
    if not found or any(sharding is None for sharding in found) or len({s.spec.spec for s in found}) != 1:
        return None
    return found[0]


def _made_here(ctx: FileContext, func: cst.BaseExpression, env: Env | None) -> bool:
    """Whether `func` is a local name of the function `env` binds, assigned once there."""
    from codemods.analysis.local_names import scope_of

    if env is None or not isinstance(func, cst.Name) or scope_of(ctx, func) is not env.function:
        return False
    binding = resolve_name(ctx, func)
    return binding is not None and binding.kind == "assign" and scope_of(ctx, binding.value) is env.function


