"""Host values that are certainly one number, so arithmetic with an array keeps its layout
(`lr * m`, `(1 - b2) * g`, `dt * k * y`: named_scalar_operand, for input_shardings.py).

- `BETAS[t]`: an item, at an int index, of a module constant that is a 1-D NumPy array made from
  numbers (`np.linspace(1e-4, 0.02, T)`, `np.arange(0, 10)`, optionally `.astype(...)`): a NumPy
  scalar. The index is an int literal, a `for` target over `range(...)` / `reversed(range(...))`,
  or a parameter the followed call binds to one. The constant is bound once in the module, and
  every other use of its name is an item read (nothing rebinds it, hands it away or calls a
  method of it that could reshape it).
- `np.sqrt(1.0 - BETAS[t])` and other NumPy elementwise functions of a number: a number.
- `args.dt`: what the interpreter certainly reads as a Python int or float (an argparse option of
  a namespace parsed from a list the code writes, a constant), when the expression reads only
  plainly bound names (interpreted_specs._plain).
Anything else is not known to be a number (False).
"""
from __future__ import annotations

from codemods.analysis.local_names import MAX_DEPTH, resolve_name, scope_of
from codemods.analysis.spec_sources import Env
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

_MADE_FLAT = ("numpy.linspace", "numpy.arange", "jax.numpy.linspace", "jax.numpy.arange")
_NUMPY_ELEMENTWISE = frozenset(f"numpy.{name}" for name in (
    "sqrt", "exp", "log", "log1p", "expm1", "abs", "square", "sin", "cos", "tanh", "float32", "float64"))


def named_scalar_operand(ctx: FileContext, expr: cst.BaseExpression, env: Env | None):
    """The array of `lr * m`, `(1 - b2) * g`: arithmetic with numbers written through names
    (a parameter's default every call leaves, a constant) keeps the array's sharding."""
    from codemods.analysis.tree_items import array_operands

    sides = array_operands(expr)
    if sides is None:
        return None
    if _number(ctx, sides[1], env, 0):
        return sides[0]
    return sides[1] if _number(ctx, sides[0], env, 0) else None


def _number(ctx: FileContext, node: cst.BaseExpression, env: Env | None, depth: int) -> bool:
    """A Python int or float for certain, or a rank-0 array of one (`jnp.exp(-r * t)`, which
    broadcasts without moving the other operand's layout): a literal, a name holding one,
    arithmetic and elementwise functions of those."""
    from codemods.analysis.kept_reductions import whole_reduction
    from codemods.analysis.spec_sources import env_value, follow_env
    from codemods.analysis.tree_items import _is_number, array_operands, elementwise_operands

    if _is_number(node) or depth > MAX_DEPTH:
        return _is_number(node)
    if isinstance(node, cst.Name):
        bound = env_value(ctx, node, env)  # the call's argument itself (`args.dt`), before follow_env reads past it
        if bound is not None and _number(ctx, bound[0], bound[1], depth + 1):
            return True
        held, _, held_env = follow_env(ctx, node, env)
        return held is not None and held is not node and _number(ctx, held, held_env, depth + 1)
    if isinstance(node, cst.UnaryOperation) and type(node.operator).__name__ in ("Minus", "Plus"):
        return _number(ctx, node.expression, env, depth + 1)
    if isinstance(node, cst.Attribute):  # `sim.dt` of a config whose field holds a number where the code shows it
        held, _, held_env = follow_env(ctx, node, env)
        if held is not None and held is not node and _number(ctx, held, held_env, depth + 1):
            return True
    whole = whole_reduction(ctx, node)
    if whole is not None:  # `rho.mean()` of an array laid out where the code shows it (a reduced one raises)
        from codemods.analysis.input_shardings import input_sharding  # (imports this module)

        found = input_sharding(ctx, whole, depth + 1, env)
        return found is not None and not (found.spec.spec.reduced or found.spec.spec.unreduced)
    # `jnp.exp(-rate * t)` of numbers: a rank-0 array, broadcast without moving the other's layout
    sides = array_operands(node) or (elementwise_operands(ctx, node) if isinstance(node, cst.Call) else None)
    if sides is None and isinstance(node, cst.Call) and (numbers := _numbers_only(ctx, node)) is not None:
        sides = numbers  # `jnp.maximum(0.5, 1e-3)`: elementwise of numbers alone
    if sides is None:  # `BETAS[t]` of a 1-D NumPy constant, `np.sqrt(...)` of one, `args.dt`
        return host_scalar(ctx, node, env, lambda part, inner: _number(ctx, part, inner, depth + 1))
    return all(_number(ctx, side, env, depth + 1) for side in sides)


def _numbers_only(ctx: FileContext, call: cst.Call) -> tuple | None:
    """The arguments of an elementwise call whose every argument is a number literal."""
    from codemods.analysis.tree_items import _ELEMENTWISE, _ELEMENTWISE2, _is_number

    if ctx.imports.resolve(call.func) not in _ELEMENTWISE | _ELEMENTWISE2 or not call.args \
            or any(arg.star or arg.keyword is not None or not _is_number(arg.value) for arg in call.args):
        return None
    return tuple(arg.value for arg in call.args)


def host_scalar(ctx: FileContext, node: cst.BaseExpression, env, number) -> bool:
    """Whether `node` is certainly one host number; `number(node, env)` says so of its parts."""
    if isinstance(node, cst.Subscript):
        return _flat_item(ctx, node, env, number)
    if isinstance(node, cst.Call) and ctx.imports.resolve(node.func) in _NUMPY_ELEMENTWISE \
            and len(node.args) == 1 and not node.args[0].star and node.args[0].keyword is None:
        return number(node.args[0].value, env)
    if isinstance(node, cst.Attribute) and env is None:
        return _interpreted_number(ctx, node)
    return False


def _interpreted_number(ctx: FileContext, node: cst.BaseExpression) -> bool:
    from codemods.analysis.interpreted_specs import _plain
    from codemods.analysis.spec_symbols import _interpreter, _reads
    from codemods.analysis.values import Const

    found = _reads(ctx).get(ctx.offsets(node))
    if found is None:
        return False
    read, scopes = found
    interp = _interpreter(ctx)
    if not _plain(interp.scope, read, scopes):
        return False
    interp.silent += 1
    try:
        value = interp.eval(read, interp._static_frame(scopes))
    finally:
        interp.silent -= 1
    return isinstance(value, Const) and type(value.value) in (int, float)


def _flat_item(ctx: FileContext, node: cst.Subscript, env, number) -> bool:
    if not isinstance(node.value, cst.Name) or len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return False
    return _flat_constant(ctx, node.value, number) and _int_index(ctx, node.slice[0].slice.value, env, 0)


def _flat_constant(ctx: FileContext, name: cst.Name, number) -> bool:
    from codemods.analysis.local_names import parents

    binding = resolve_name(ctx, name)
    if binding is None or binding.kind != "assign" or not _bound_once(ctx, name, scope_of(ctx, binding.node)):
        return False
    made = binding.value
    if isinstance(made, cst.Call) and isinstance(made.func, cst.Attribute) and made.func.attr.value == "astype" \
            and len(made.args) == 1 and not made.args[0].star:
        made = made.func.value
    if not isinstance(made, cst.Call) or ctx.imports.resolve(made.func) not in _MADE_FLAT \
            or any(arg.star for arg in made.args):
        return False
    values = [arg.value for arg in made.args if arg.keyword is None or arg.keyword.value in ("start", "stop", "step")]
    if ctx.imports.resolve(made.func) in ("numpy.linspace", "jax.numpy.linspace"):
        values = values[:2]  # the count is an int or the call raises
    if not values or not all(number(value, None) for value in values):
        return False
    if any(arg.keyword is not None and arg.keyword.value not in ("start", "stop", "step", "num", "endpoint", "dtype")
           for arg in made.args):
        return False  # `axis=`, `retstep=True` (a tuple)
    uses = [n for n in parents(ctx) if isinstance(n, cst.Name) and n.value == name.value]
    parent_of = parents(ctx)
    for use in uses:
        holder = parent_of.get(use)
        if isinstance(holder, cst.Subscript) and holder.value is use:
            continue
        if isinstance(holder, cst.AssignTarget) and holder.target is use and parent_of.get(holder) is binding.node:
            continue
        return False
    return True


def _bound_once(ctx: FileContext, name: cst.Name, scope) -> bool:
    """A module constant, or a local a function binds once (`sigmas = jnp.linspace(...)` in a
    step function: made afresh by each call, never a parameter)."""
    if isinstance(scope, cst.Module):
        return True
    if not isinstance(scope, cst.FunctionDef):
        return False
    from codemods.analysis.local_names import _scope_info

    info = _scope_info(ctx, scope)
    return len(info.bindings.get(name.value, [])) == 1 and name.value not in info.params \
        and name.value not in info.declared


def _int_index(ctx: FileContext, index: cst.BaseExpression, env, depth: int) -> bool:
    from codemods.analysis.spec_sources import env_value
    from codemods.analysis.local_names import parents

    if depth > 4:
        return False
    if isinstance(index, cst.Integer) or isinstance(index, cst.UnaryOperation) \
            and type(index.operator).__name__ == "Minus" and isinstance(index.expression, cst.Integer):
        return True
    if isinstance(index, cst.BinaryOperation) and type(index.operator).__name__ in ("Add", "Subtract"):
        return _int_index(ctx, index.left, env, depth + 1) and _int_index(ctx, index.right, env, depth + 1)  # `i + 1`
    if not isinstance(index, cst.Name):
        return False
    bound = env_value(ctx, index, env)
    if bound is not None:
        return _int_index(ctx, bound[0], bound[1], depth + 1)
    if resolve_name(ctx, index) is not None:
        return False
    # a `for` target over range(...) (or reversed(range(...))), the name bound nowhere else in its scope
    loop = parents(ctx).get(index)
    while loop is not None and not isinstance(loop, (cst.For, cst.FunctionDef, cst.Module)):
        loop = parents(ctx).get(loop)
    if not isinstance(loop, cst.For) or not isinstance(loop.target, cst.Name) or loop.target.value != index.value:
        return False
    walked = loop.iter
    if isinstance(walked, cst.Call) and _builtin(ctx, walked.func, "reversed") and len(walked.args) == 1:
        walked = walked.args[0].value
    if not isinstance(walked, cst.Call) or not _builtin(ctx, walked.func, "range") \
            or any(arg.star or arg.keyword is not None for arg in walked.args):
        return False
    from codemods.analysis.local_names import _scope_info

    bindings = _scope_info(ctx, scope_of(ctx, index)).bindings.get(index.value, [])
    return len(bindings) == 1


def _builtin(ctx: FileContext, func: cst.BaseExpression, name: str) -> bool:
    from codemods.analysis.iterated import _bound_names

    return isinstance(func, cst.Name) and func.value == name and name not in _bound_names(ctx)
