"""What `jax.jit(f)(x)` returns when jit is given no `out_shardings` (SF104's inputs).

Under a mesh whose axes are Explicit, a traced array carries its sharding in its type, so the
jitted body types its result exactly as running the body eagerly would: the result of
`jax.jit(f)(x)` is laid out as `f(x)` is. That holds only for a jit that says nothing of its
outputs and traces the arguments as they are (no static or donated argument changes what the
body reads), around a module def or a lambda whose body is one `return`. Anything else: None.
"""
from __future__ import annotations

from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

_JIT = "jax.jit"
# Static arguments reach the function as the Python values the call passes (every parameter is
# bound to its argument either way), so they leave the layout the traced ones give.
_STATIC = frozenset({"static_argnums", "static_argnames"})


def plain_jit_body(ctx: FileContext, func: cst.BaseExpression):
    """(function, returned expression, parameters a call binds, receivers bound already) when
    `func` is `jax.jit(f)` (written at the call or bound to a local name assigned once) around a
    one-return def or lambda; else None."""
    from codemods.analysis.local_names import follow_names, resolve_name
    from codemods.analysis.spec_sources import _returned

    if isinstance(func, cst.Name):
        func, _ = follow_names(ctx, func)
    if not isinstance(func, cst.Call) or ctx.imports.resolve(func.func) != _JIT:
        return None
    if not func.args or func.args[0].keyword is not None or any(arg.star for arg in func.args) \
            or any(arg.keyword is None or arg.keyword.value not in _STATIC for arg in func.args[1:]):
        return None  # out_shardings or donated arguments: not the eager layout for certain
    wrapped = func.args[0].value
    if isinstance(wrapped, cst.Lambda):
        params = wrapped.params
        if isinstance(params.star_arg, cst.Param) or params.star_kwarg is not None \
                or params.kwonly_params or params.posonly_params:
            return None
        names = frozenset(param.name.value for param in params.params)
        return wrapped, wrapped.body, names, 0
    if not isinstance(wrapped, cst.Name):
        return None
    binding = resolve_name(ctx, wrapped)
    if binding is None or binding.kind != "def" or not isinstance(binding.node, cst.FunctionDef) \
            or binding.node.decorators:
        return None
    found = _returned(ctx, binding.node, [], 0)
    if found is None:
        return None
    function, value, bindable, skip = found
    if isinstance(function.params.star_arg, cst.Param) or function.params.star_kwarg is not None:
        return None
    return function, value, bindable, skip


def forwarded_out(ctx: FileContext, function: cst.FunctionDef) -> cst.BaseExpression | None:
    """`def predict(x): return jax.jit(f, out_shardings=S)(x)` (undecorated, that one statement):
    S, which the result has whatever the arguments are."""
    body = function.body.body
    if function.decorators or len(body) != 1 or not isinstance(body[0], cst.SimpleStatementLine) \
            or len(body[0].body) != 1 or not isinstance(body[0].body[0], cst.Return):
        return None
    value = body[0].body[0].value
    if not isinstance(value, cst.Call) or not isinstance(value.func, cst.Call) or any(arg.star for arg in value.func.args):
        return None
    keyword = {"jax.jit": "out_shardings", "jax.shard_map": "out_specs"}.get(ctx.imports.resolve(value.func.func) or "")
    return next((arg.value for arg in value.func.args if arg.keyword is not None and arg.keyword.value == keyword), None) \
        if keyword is not None else None


def traced_known(ctx: FileContext, func: cst.BaseExpression, env, read) -> bool:
    """Whether every traced argument a call of `plain_jit_body(func)` binds in `env` is a number
    literal or an array whose sharding `read(expr, env)` knows: jit rejects other values (a spec
    handed as a traced argument raises before the body runs), and the body reads them as it
    would eagerly only then."""
    from codemods.analysis.local_names import follow_names
    from codemods.analysis.spec_sources import _jit_static
    from codemods.analysis.tree_items import _is_number

    jit = follow_names(ctx, func)[0] if isinstance(func, cst.Name) else func
    if not isinstance(jit, cst.Call) or env is None:
        return False
    params = env.function.params
    positional = [param.name.value for param in (*params.posonly_params, *params.params)]
    static = _jit_static(ctx, jit.with_changes(args=jit.args[1:]), positional)
    if static is None:
        return False
    return all(_is_number(held[0]) or read(*held) is not None
               for name, held in env.args.items() if name not in static and isinstance(held, tuple))
