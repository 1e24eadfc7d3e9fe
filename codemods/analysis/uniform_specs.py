"""Trees placed leaf by leaf from a specs tree whose leaves are all one spec:
`jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), state, SIM_SPECS)` with
`SIM_SPECS = State(q=P(("env", "body"), None), qd=P(("env", "body"), None))`.

A gather of the whole placed tree (`jax.tree.map(lambda leaf: gather(leaf, S), state)`) reads
every leaf; when the specs tree's leaves all say the same spec, each leaf is placed with it, so
the lambda's spec parameter is bound to any one of them. The specs tree must be a dict literal
with plain string keys, a tuple or list literal, or a construction of a module NamedTuple class
giving every field, reached through names the file never changes; each leaf a spec or sharding
the file shows. Anything else is unknown (None).
"""
from __future__ import annotations

from functools import partial

from codemods.analysis.spec_sources import Env, follow_spec
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")


def uniform_env(ctx: FileContext, call: cst.Call, env: Env | None) -> Env | None:
    """For `jax.tree.map(lambda a, s, ...: body, tree, specs, ...)`: an Env binding each lambda
    parameter after the first to a leaf of its tree, when all leaves of that tree are one spec."""
    from codemods.analysis.tree_leaves import lambda_outer
    from codemods.analysis.tree_map_args import mapped_args

    args = mapped_args(ctx, call)
    if not args or not isinstance(args[0].value, cst.Lambda):
        return None
    fn = args[0].value
    params = fn.params
    if isinstance(params.star_arg, cst.Param) or params.star_kwarg is not None \
            or params.posonly_params or params.kwonly_params or len(params.params) != len(args) - 1 \
            or len(params.params) < 2 or any(param.default is not None for param in params.params):
        return None
    bound = {}
    for param, tree in zip(params.params[1:], args[2:]):
        leaves = _leaves(ctx, tree.value, env)
        if not leaves:
            return None
        bound[param.name.value] = (leaves[0], None)
    return Env(fn, {**lambda_outer(ctx, fn, env), **bound})


def constant_leaves(ctx: FileContext, call: cst.Call, env: Env | None):
    """(the body, Env) of `jax.tree.map(lambda _: <body>, tree)` whose lambda reads none of its
    parameters: every leaf of the result is that one value (`NamedSharding(mesh, S)` for each
    param); else None."""
    from codemods.analysis.tree_leaves import lambda_outer, tree_map_body

    found = tree_map_body(ctx, call)
    if found is None:
        return None
    fn, body = found
    params = fn.params
    names = {param.name.value for param in (*params.posonly_params, *params.params, *params.kwonly_params)}
    if isinstance(params.star_arg, cst.Param) or params.star_kwarg is not None \
            or any(param.default is not None for param in params.params) \
            or _reads_any(body, names) or isinstance(body, (cst.Lambda, cst.GeneratorExp)):
        return None
    return body, Env(fn, lambda_outer(ctx, fn, env))


def _reads_any(node: cst.CSTNode, names: set[str]) -> bool:
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Name) and current.value in names:
            return True
        stack.extend(current.children)
    return False


def _leaves(ctx: FileContext, tree: cst.BaseExpression, env: Env | None) -> list | None:
    """The leaves of a constant specs tree when they all say one spec, else None."""
    from codemods.analysis.local_tables import unchanged
    from codemods.analysis.spec_builders import built_spec
    from codemods.analysis.specs import parse_sharding

    if not isinstance(tree, cst.Name) or not unchanged(ctx, tree):
        return None
    held, _ = follow_spec(ctx, tree, env)
    if isinstance(held, cst.Dict):
        from codemods.analysis.specs import string_value

        if not all(isinstance(e, cst.DictElement) and string_value(e.key) is not None for e in held.elements):
            return None
        leaves = [e.value for e in held.elements]
    elif isinstance(held, (cst.Tuple, cst.List)):
        if not all(type(e) is cst.Element for e in held.elements):
            return None
        leaves = [e.value for e in held.elements]
    else:
        leaves = _record_leaves(ctx, held)
    if not leaves:
        return None
    specs = {found.spec.spec if found is not None else None
             for found in (parse_sharding(ctx, leaf, partial(follow_spec, ctx, env=None), partial(built_spec, ctx, env=None))
                           for leaf in leaves)}
    return leaves if len(specs) == 1 and None not in specs else None


def _record_leaves(ctx: FileContext, held) -> list | None:
    """The fields given to a construction of a module NamedTuple class, when it gives every one."""
    from codemods.analysis.starred_specs import record_construction

    record = record_construction(ctx, held)
    if record is None or any(arg.star for arg in held.args):
        return None
    fields = record[1]
    named = [arg.keyword.value for arg in held.args if arg.keyword is not None]
    given = len(held.args)
    if given != len(fields) or len(set(named)) != len(named) or any(name not in fields for name in named):
        return None
    return [arg.value for arg in held.args]
