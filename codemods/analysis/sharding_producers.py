"""Which called function produces arrays of a sharding the code states, for input_shardings.py
and the tree readers (issue 13): `jax.jit(f, out_shardings=S)`, `jax.shard_map(f, out_specs=S)`
(and the experimental spelling), called directly, through a local name, as a def decorated with
one (`@partial(jax.jit, out_shardings=S)`; a plain `@jax.jit` keeps what it wraps), stored once
on an object by a jit `__init__`, or returned by a builder (`make_update(mesh)(w, g)`, its
parameters bound to the call's arguments).

It exists apart from input_shardings.py (which reads an input back to such a call) because
recognising a producer is a question about the callee alone: a new way to state an out
sharding touches only this."""
from __future__ import annotations

from codemods import jaxapi
from codemods.analysis.jitted_results import forwarded_out as _forwarded_out
from codemods.analysis.local_names import follow_names, resolve_name
from codemods.analysis.spec_sources import Env, bind_call, returned_by, _JIT_KEEPS
from codemods.analysis.specs import call_argument, keyword_argument
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

JIT = "jax.jit"
SHARD_MAP = "jax.shard_map"
PARTIAL = "functools.partial"


def producer_out(ctx: FileContext, func: cst.BaseExpression, receiver: Env | None = None) -> tuple:
    """(the out sharding, Env) of a called `jax.jit(f, out_shardings=S)` / `jax.shard_map(f,
    out_specs=S)`, directly, through a local name, a function decorated with one, or a builder
    whose one return is one (`make_update(mesh)(w, g)`, its parameters bound); else (None, None)."""
    if isinstance(func, cst.Name):
        binding = resolve_name(ctx, func)
        if binding is not None and binding.kind == "def" and isinstance(binding.node, cst.FunctionDef):
            return _decorated_out(ctx, binding.node), None
        func, _ = follow_names(ctx, func)
    env = None
    if isinstance(func, cst.Attribute):  # `engine.simulate(x)`: a jit `__init__` stores once on the object
        # (`self.encode(x)` in a method: `self` as the Env being followed binds it)
        from codemods.analysis.iterated import init_field  # (read when asked, as input_shardings does)

        field = init_field(ctx, func, receiver)
        if field is None or not isinstance(field[0], cst.Call) or ctx.imports.resolve(field[0].func) != JIT:
            return None, None
        func, env = field
    if not isinstance(func, cst.Call):
        return None, None
    returned = returned_by(ctx, func.func)
    if returned is not None:
        function, value, bindable, skip = returned
        env = bind_call(ctx, function, func, None, bindable, skip)
        if env is None:
            return None, None
        inner_def = resolve_name(ctx, value) if isinstance(value, cst.Name) else None
        if inner_def is not None and inner_def.kind == "def" and isinstance(inner_def.node, cst.FunctionDef):
            # `return predict`, a decorated def of the builder, or one that returns a jitted call
            return _decorated_out(ctx, inner_def.node) or _forwarded_out(ctx, inner_def.node), env
        func, _ = follow_names(ctx, value)
        if isinstance(func, cst.Call) and returned_by(ctx, func.func) is not None:
            return None, None  # a builder returning a builder's result: not followed
        if not isinstance(func, cst.Call):
            return None, None
    name = ctx.imports.resolve(func.func)
    has_function = any(arg.keyword is None and not arg.star for arg in func.args[:1])
    if not has_function:
        return None, None
    if name == JIT and keyword_argument(func, "out_shardings") is None and env is None \
            and all(arg.keyword is not None and arg.keyword.value in _JIT_KEEPS for arg in func.args[1:]):
        return producer_out(ctx, func.args[0].value)  # `jax.jit(jax.shard_map(f, out_specs=S))`
    if name == JIT:
        return keyword_argument(func, "out_shardings"), env
    if name == SHARD_MAP:
        return keyword_argument(func, "out_specs"), env
    if name == jaxapi.EXPERIMENTAL_SHARD_MAP:
        return call_argument(func, 3, "out_specs"), env
    return None, None


def _decorated_out(ctx: FileContext, function: cst.FunctionDef) -> cst.BaseExpression | None:
    """`@partial(jax.jit, out_shardings=S)`, `@jax.shard_map(out_specs=S, ...)`, ...; plain `@jax.jit`
    keeps the sharding of what it wraps. The outermost decorator that names one wins."""
    found = None
    for decorator in function.decorators:
        expr = decorator.decorator
        if ctx.imports.resolve(expr) == JIT:
            continue
        if not isinstance(expr, cst.Call) or any(arg.star for arg in expr.args):
            return None
        name = ctx.imports.resolve(expr.func)
        args = list(expr.args)
        if name == PARTIAL and args and args[0].keyword is None:
            name = ctx.imports.resolve(args[0].value)
            args = args[1:]
        if any(arg.keyword is None for arg in args):
            return None
        keyword = {JIT: "out_shardings", SHARD_MAP: "out_specs", jaxapi.EXPERIMENTAL_SHARD_MAP: "out_specs"}.get(name or "")
        if keyword is None:
            return None
        value = next((arg.value for arg in args if arg.keyword.value == keyword), None)
        if value is None:
            if name == JIT:
                continue
            return None
        if found is None:
            found = value
    return found
