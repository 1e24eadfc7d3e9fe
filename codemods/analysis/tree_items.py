"""Items of pytrees built by `jax.tree.map`, and arrays laid out like another (SF104's inputs).

Optimizer state is built from placed params: `mu = jax.tree.map(jnp.zeros_like, placed)`,
`nu = jax.tree.map(lambda p: jnp.full_like(p, 1e-8), placed)`, then read as `nu['dense']`. The
item `k` of `jax.tree.map(f, t1, t2, ...)` is `f(t1[k], t2[k], ...)` (tree.map has checked that
the trees share one structure), so a parameter of the lambda is bound to the item of its tree
(`Keyed`) when no literal item is written; a function named in place of the lambda is read the
same way when it lays its result out like its argument. `jnp.zeros_like`, `ones_like`,
`full_like`, `empty_like` (no `shape=`/`sharding=`) and `.astype(...)` give an array with their
argument's sharding (jax 0.10.2, with and without a context mesh).
"""
from __future__ import annotations

from codemods.dataclass_code import dataclass

from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

_LIKE = frozenset({"jax.numpy.zeros_like", "jax.numpy.ones_like", "jax.numpy.full_like", "jax.numpy.empty_like"})
_LAYOUT_KEYWORDS = frozenset({"shape", "sharding", "device", "out_sharding"})  # change what the result is laid out as


@dataclass(frozen=True)
class Keyed:
    """Item `key_node` (a string literal in the source) of the pytree `tree` (as read under `env`)."""

    tree: object
    key_node: object
    env: object


# Calls whose `out_sharding=` keyword is their result's sharding (each checked on jax 0.10.2;
# `jnp.asarray(..., out_sharding=)` is not: it gave a replicated array).
_OUT_SHARDING = frozenset({
    *(f"jax.numpy.{name}" for name in (
        "zeros", "ones", "full", "empty", "zeros_like", "ones_like", "full_like", "arange", "dot", "matmul",
        "einsum", "reshape", "array", "broadcast_to")),
    *(f"jax.lax.{name}" for name in ("dot_general", "dot", "broadcast_in_dim", "reshape")),
    *(f"jax.random.{name}" for name in (
        "normal", "uniform", "bernoulli", "randint", "truncated_normal", "categorical", "permutation")),
})
_AT_UPDATES = frozenset({"set", "add", "multiply", "divide", "power", "min", "max", "apply"})


def out_sharding_argument(ctx: FileContext, call: cst.Call) -> cst.BaseExpression | None:
    """The `out_sharding=` of `jnp.zeros(shape, out_sharding=S)`, `jnp.dot(a, b, out_sharding=S)`,
    `jax.random.normal(key, shape, out_sharding=S)`, `x.at[i].set(v, out_sharding=S)`; else None."""
    if any(arg.star for arg in call.args):
        return None
    value = next((arg.value for arg in call.args if arg.keyword is not None and arg.keyword.value == "out_sharding"), None)
    if value is None:
        return None
    func = call.func
    if isinstance(func, cst.Attribute) and func.attr.value in _AT_UPDATES and isinstance(func.value, cst.Subscript) \
            and isinstance(func.value.value, cst.Attribute) and func.value.value.attr.value == "at":
        return value
    return value if ctx.imports.resolve(func) in _OUT_SHARDING else None


def like_argument(ctx: FileContext, call: cst.Call) -> cst.BaseExpression | None:
    """The array whose sharding `call` keeps: `jnp.zeros_like(x)`, `jnp.full_like(x, v)`,
    `x.astype(t)`; else None."""
    if any(arg.star for arg in call.args):
        return None
    if isinstance(call.func, cst.Attribute) and call.func.attr.value == "astype" \
            and len(call.args) == 1 and call.args[0].keyword is None:
        return call.func.value
    if isinstance(call.func, cst.Attribute) and call.func.attr.value in ("block_until_ready", "copy") and not call.args:
        return call.func.value  # the array itself, or a copy laid out alike (jax 0.10.2)
    if ctx.imports.resolve(call.func) not in _LIKE or not call.args or call.args[0].keyword is not None \
            or any(arg.keyword is not None and arg.keyword.value in _LAYOUT_KEYWORDS for arg in call.args):
        return None
    return call.args[0].value


# Elementwise functions of one array: the result keeps its sharding (jax 0.10.2, Explicit and
# Auto meshes, checked on each of P(('a', 'b'), None), P(None, 'b'), P('a', 'b')).
_ELEMENTWISE = frozenset({
    *(f"jax.numpy.{name}" for name in (
        "tanh", "exp", "log", "abs", "sqrt", "square", "sin", "cos", "negative", "sign", "log1p", "expm1",
        "reciprocal", "floor", "ceil", "round", "conj", "real", "clip", "nan_to_num", "exp2", "log2", "arctan",
        "sinh", "cosh", "asarray", "array", "copy")),
    *(f"jax.nn.{name}" for name in (
        "relu", "gelu", "sigmoid", "silu", "swish", "softplus", "tanh", "elu", "leaky_relu", "relu6",
        "log_sigmoid", "hard_tanh", "celu", "selu", "mish")),
    "jax.lax.stop_gradient", "jax.block_until_ready", "jax.lax.exp", "jax.lax.tanh", "jax.lax.neg", "jax.scipy.special.erf",
})
# Elementwise functions of two arrays, read like `a + b`.
_ELEMENTWISE2 = frozenset(f"jax.numpy.{name}" for name in (
    "add", "subtract", "multiply", "divide", "true_divide", "maximum", "minimum", "power"))


def elementwise_operands(ctx: FileContext, call: cst.Call) -> tuple | None:
    """The arrays an elementwise call reads: `jnp.tanh(x)`, `jax.nn.gelu(x, approximate=False)`,
    `jnp.clip(x, 0.0, 1.0)` -> (x,); `jnp.maximum(a, b)` -> (a, b) (a number literal is left out);
    its other arguments must be literals. Else None."""
    if any(arg.star for arg in call.args) or not call.args or call.args[0].keyword is not None:
        return None
    name = ctx.imports.resolve(call.func)
    if name in _ELEMENTWISE:
        arrays, rest = [call.args[0].value], call.args[1:]
    elif name in _ELEMENTWISE2 and len(call.args) == 2 and call.args[1].keyword is None:
        arrays = [arg.value for arg in call.args if not _is_number(arg.value)]
        rest = []
    elif name == "jax.numpy.where" and len(call.args) == 3 and all(arg.keyword is None for arg in call.args):
        # `jnp.where(ids > 0, ids, -1)`: laid out as its array operands, a test against a number as its array
        arrays = [_compared(arg.value) for arg in call.args if not _is_number(arg.value)]
        if any(array is None for array in arrays):
            return None
        rest = []
    else:
        return None
    if not arrays or not all(_is_literal(arg.value) for arg in rest):
        return None
    return tuple(arrays)


def _compared(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """The array of `x > 0`, `0.5 <= x` (a comparison with a number keeps the array's sharding,
    jax 0.10.2); `node` itself when it is no comparison; None for any other comparison."""
    if not isinstance(node, cst.Comparison):
        return node
    if len(node.comparisons) != 1 or type(node.comparisons[0].operator).__name__ not in _ORDERS:
        return None
    left, right = node.left, node.comparisons[0].comparator
    return left if _is_number(right) and not _is_number(left) else right if _is_number(left) and not _is_number(right) else None


_ORDERS = ("LessThan", "LessThanEqual", "GreaterThan", "GreaterThanEqual", "Equal", "NotEqual")


def _is_literal(node: cst.BaseExpression) -> bool:
    return _is_number(node) or isinstance(node, (cst.SimpleString, cst.Name)) and (
        not isinstance(node, cst.Name) or node.value in ("True", "False", "None"))


_ARITHMETIC = ("Add", "Subtract", "Multiply", "Divide", "FloorDivide", "Modulo", "Power")


def scalar_operand(expr: cst.BaseExpression) -> cst.BaseExpression | None:
    """The array of `x * 2`, `0.5 * x`, `x - 1.0`, `-x`: arithmetic with a number literal keeps
    the array's sharding (jax 0.10.2); else None."""
    if isinstance(expr, cst.UnaryOperation) and type(expr.operator).__name__ in ("Minus", "Plus"):
        return expr.expression
    if not isinstance(expr, cst.BinaryOperation) or type(expr.operator).__name__ not in _ARITHMETIC:
        return None
    if _is_number(expr.right):
        return expr.left
    if _is_number(expr.left):
        return expr.right
    return None


def array_operands(expr: cst.BaseExpression) -> tuple | None:
    """Both sides of `a + b`, `a * b - c`, ...: two arrays of one sharding give that sharding, or
    the operation itself raises (ranks that differ shift a sharded dimension onto another one
    sharded on the same axis: "illegally sharded result", jax 0.10.2); else None."""
    if not isinstance(expr, cst.BinaryOperation) or type(expr.operator).__name__ not in _ARITHMETIC:
        return None
    return expr.left, expr.right


def _is_number(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and type(node.operator).__name__ in ("Minus", "Plus"):
        node = node.expression
    return isinstance(node, (cst.Integer, cst.Float))


def keeps_layout(ctx: FileContext, func: cst.BaseExpression) -> bool:
    """`jnp.zeros_like` named as a function (`jax.tree.map(jnp.zeros_like, params)`)."""
    return ctx.imports.resolve(func) in _LIKE


def returned_tuple(ctx: FileContext, call: cst.Call) -> cst.BaseExpression | None:
    """The tuple literal a module function whose one `return` ends its body returns (names in it
    are read in the function; its parameters stay unknown); else None."""
    from codemods.analysis.local_names import follow_names
    from codemods.analysis.spec_sources import returned_by

    returned = returned_by(ctx, call.func)
    if returned is None:
        return None
    held, _ = follow_names(ctx, returned[1])
    return held if isinstance(held, (cst.Tuple, cst.List)) else None


def subtree(ctx: FileContext, tree, env):
    """(expression, Env) of `tree` when it is `outer['key']` of a dict literal `outer` holds,
    directly or as what a one-return helper returns (`opt = init_adam(params)`), its parameters
    bound; else (`tree`, `env`) as they are; (None, env) when that item is changed after it is built."""
    from codemods.analysis.local_tables import unchanged
    from codemods.analysis.spec_sources import dict_item, env_value, follow_env
    from codemods.analysis.tree_leaves import _produced
    from codemods.analysis.specs import string_value

    if not isinstance(tree, cst.Subscript) or len(tree.slice) != 1 or not isinstance(tree.slice[0].slice, cst.Index):
        return tree, env
    key = string_value(tree.slice[0].slice.value)
    if key is None or not unchanged(ctx, tree.value) and not _passed_unchanged(ctx, tree.value, env):
        return tree, env
    outer, outer_env = subtree(ctx, tree.value, env)
    if outer is None:
        return None, env
    held, _, outer_env = follow_env(ctx, outer, outer_env)
    held, held_env = _produced(ctx, held, outer_env)
    if isinstance(tree.value, cst.Name):
        from codemods.analysis.nested_tables import inner_dicts_unchanged

        if not inner_dicts_unchanged(ctx, tree.value.value, (key,), False):  # `opt['mu']['w'] = ...`
            return tree, env
    item = dict_item(held, key)
    if isinstance(item, cst.Name) and env_value(ctx, item, held_env) is None and not unchanged(ctx, item):
        return None, env  # `{'m': m}` of an `m` changed (`m['w'] = ...`): not the tree it was built as
    return (item, held_env) if item is not None else (tree, env)


def _passed_unchanged(ctx: FileContext, tree, env) -> bool:
    """A parameter bound to the caller's local (`opt` of `update(params, grads, opt)`) that
    neither function changes (input_shardings.py)."""
    from codemods.analysis.input_shardings import _keyed_unchanged
    from codemods.analysis.spec_sources import env_value

    return isinstance(tree, cst.Name) and env_value(ctx, tree, env) is not None and _keyed_unchanged(ctx, Keyed(tree, None, env))


def mapping_lambda(fn: cst.BaseExpression, trees: int) -> bool:
    """`fn` is a lambda with one plain parameter per tree `jax.tree.map` maps (no defaults, no
    stars, no keyword-only): each parameter is the leaf of its tree."""
    if not isinstance(fn, cst.Lambda) or not isinstance(fn.params, cst.Parameters):
        return False
    params = fn.params
    return not (params.posonly_params or params.kwonly_params or not isinstance(params.star_arg, cst.MaybeSentinel)
                or params.star_kwarg is not None or len(params.params) != trees
                or any(p.default is not None for p in params.params))


def mapped_leaf(ctx: FileContext, tree: cst.Call, key_node: cst.BaseExpression, env):
    """Item `key_node` of `jax.tree.map(f, trees...)`: ("value", f's body, its parameters bound to
    the trees' items) for a lambda, ("value", Keyed, Env) for a function that keeps the layout."""
    from codemods.analysis.spec_sources import Env, dict_item, follow_spec
    from codemods.analysis.tree_leaves import _produced
    from codemods.analysis.specs import string_value

    from codemods.analysis.local_tables import literal_unchanged
    from codemods.analysis.tree_map_args import mapped_args

    args = mapped_args(ctx, tree)
    if args is None or len(args) < 2:
        return None
    fn = args[0].value
    if keeps_layout(ctx, fn) and len(args) == 2:
        return ("value", Keyed(args[1].value, key_node, env), None)
    if not mapping_lambda(fn, len(args) - 1):
        return None
    params = fn.params
    key = string_value(key_node) or ""
    bound = {}
    for param, arg in zip(params.params, args[1:]):
        held, _ = follow_spec(ctx, arg.value, env)
        held, held_env = _produced(ctx, held, env)  # `specs = param_specs()`
        if not literal_unchanged(ctx, held):
            return None  # a table some code changes: its items as written may not be mapped
        item = dict_item(held, key)
        # The tree's item as written, or else the item itself: tree.map has checked that every
        # tree has the same structure by the time the result's item is read.
        bound[param.name.value] = (item, held_env) if item is not None else (Keyed(arg.value, key_node, env), None)
    from codemods.analysis.tree_leaves import lambda_outer

    return ("value", fn.body, Env(fn, {**lambda_outer(ctx, fn, env), **bound}))

