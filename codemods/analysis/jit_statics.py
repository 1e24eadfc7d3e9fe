"""Which arguments of a `jax.jit` call are static, as JAX infers them from the function's
signature (script_jax.run_jit; issue 13).

`@partial(jax.jit, static_argnames=("cfg",))` on `def train_step(cfg, h, stack)` called as
`train_step(cfg, h, params)`: the config is static although it is passed by position. JAX
(`jax._src.api_util.infer_argnums_and_argnames`, jax 0.10.2) fills the missing one of
`static_argnums` / `static_argnames` from `inspect.signature(f)`: each positional-or-keyword
parameter whose name is listed gives its index (counted over all the signature's parameters), and
each listed index that is such a parameter gives its name. When both are given neither is
inferred; when neither is, nothing is static. A signature the run does not read exactly (a
partial, a method, a function `functools.wraps` gave another's `__wrapped__`) stops the run
where inference is needed.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import UFunc


def statics(options: dict, func: object) -> tuple[tuple, tuple]:
    """(static positions, static names) of a call of `jax.jit(func, **options)`."""
    numbers, names = options.get("static_argnums"), options.get("static_argnames")
    if numbers is None and names is None:
        return (), ()
    numbers = (numbers,) if type(numbers) is int else numbers
    names = (names,) if type(names) is str else names
    if numbers is not None and (type(numbers) not in (tuple, list) or not all(type(n) is int and n >= 0 for n in numbers)):
        raise Bail  # (a negative index is resolved against the call: not followed)
    if names is not None and (type(names) not in (tuple, list) or not all(type(n) is str for n in names)):
        raise Bail
    if numbers is not None and names is not None:
        return tuple(numbers), tuple(names)
    parameters = _parameters(func)
    if numbers is None:
        return tuple(i for i, (name, kind) in enumerate(parameters) if kind and name in names), tuple(names)
    return tuple(numbers), tuple(name for i, (name, kind) in enumerate(parameters) if kind and i in numbers)


def _parameters(func: object) -> list:
    """(name, positional-or-keyword) of each parameter of a def or lambda, in signature order."""
    if type(func) is not UFunc or func.alias is not None:
        raise Bail
    spec = func.node.args
    found = [(arg.arg, False) for arg in spec.posonlyargs] + [(arg.arg, True) for arg in spec.args]
    found += [(spec.vararg.arg, False)] if spec.vararg is not None else []
    found += [(arg.arg, False) for arg in spec.kwonlyargs]
    return found + ([(spec.kwarg.arg, False)] if spec.kwarg is not None else [])


def hashable(value: object, depth: int = 0) -> bool:
    """JAX hashes each static argument before it traces (an unhashable one raises ValueError):
    a plain value, a tuple of hashable ones, or an object of a frozen dataclass of the module
    (its generated `__hash__` hashes the fields) whose fields are hashable. False: not known to be."""
    from codemods.analysis.host_exprs import VALUE_TYPES
    from codemods.analysis.script_values import UObj

    if depth > 8:
        return False
    if type(value) in VALUE_TYPES:
        return True
    if type(value) is tuple:
        return all(hashable(item, depth + 1) for item in value)
    if type(value) is UObj and value.cls.kind == "dataclass" and value.cls.frozen and value.data is None \
            and value.cls.meta is None and not value.cls.registered \
            and not any("__hash__" in cls.attrs or "__eq__" in cls.attrs for cls in value.cls.order):
        return all(name in value.attrs and hashable(value.attrs[name], depth + 1) for name in value.cls.fields)
    return False
