"""Names that only ever hold what a JAX transform returns (`f = jax.shard_map(body, ...)`,
`step = jax.jit(train_step)`): calling one hands its arguments to JAX, which flattens them into
leaves and traces the wrapped function on values of its own, so the call neither changes nor
keeps the containers it is given (unchanged_objects.py)."""
from __future__ import annotations

import ast

from codemods.analysis.nodes import module_parents, nodes_of_type

# Transforms whose result calls the wrapped function only on tracers built from the leaves.
_TRACING = frozenset({"jax.jit", "jax.shard_map", "jax.experimental.shard_map.shard_map", "jax.pmap", "jax.vmap",
                      "jax.grad", "jax.value_and_grad", "jax.checkpoint", "jax.remat", "jax.jacfwd", "jax.jacrev",
                      "jax.hessian"})


def traced_names(tree: ast.Module, library) -> frozenset[str]:
    """The names every binding of which, anywhere in the module, is a plain `name = transform(...)`
    (`library(func)`: the dotted name an imported callee stands for, or None)."""
    cached = getattr(tree, "_shardfix_traced_names", None)
    if cached is not None:
        return cached
    parents = module_parents(tree)
    good: set[str] = set()
    bad: set[str] = set()
    for node in nodes_of_type(tree, ast.Name):
        if type(node.ctx) is ast.Load:
            continue
        statement = parents.get(id(node))
        if type(statement) is ast.Assign and len(statement.targets) == 1 and statement.targets[0] is node \
                and _transform(statement.value, library):
            good.add(node.id)
        else:
            bad.add(node.id)
    for kind in (ast.arg, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.ExceptHandler,
                 ast.Global, ast.Nonlocal, ast.Import, ast.ImportFrom, ast.alias, ast.MatchAs, ast.MatchStar):
        for node in nodes_of_type(tree, kind):
            for field in ("arg", "name", "asname"):
                if isinstance(getattr(node, field, None), str):
                    bad.add(getattr(node, field))
            bad.update(getattr(node, "names", None) if kind in (ast.Global, ast.Nonlocal) else ())
    result = frozenset(good - bad)
    tree._shardfix_traced_names = result
    return result


def _transform(value: ast.expr, library) -> bool:
    """`jax.jit(...)`, `jax.jit(jax.shard_map(...))`, `jax.shard_map(...)` with a known callee;
    not with static arguments (`static_argnums=`: those reach the function as they are)."""
    return type(value) is ast.Call and library(value.func) in _TRACING \
        and not any(keyword.arg is None or keyword.arg.startswith("static") for keyword in value.keywords)
