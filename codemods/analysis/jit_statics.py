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

from functools import partial

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Bound, UFunc


def statics(options: dict, func: object, args: list, kwargs: dict) -> tuple[tuple, tuple]:
    """(static positions, static names) of a call `jax.jit(func, **options)(*args, **kwargs)`
    (the signature is read only where the call passes arguments the inference decides)."""
    numbers, names = options.get("static_argnums"), options.get("static_argnames")
    if numbers is not None and names is None and not kwargs or numbers is None and names is not None and not args:
        parameters = []  # (no argument the inference decides is passed)
    else:
        parameters = partial(_parameters, func)
    found = inferred(numbers, names, parameters)
    if found is None:
        raise Bail  # (a negative index is resolved against the call: not followed)
    return found


def inferred(numbers: object, names: object, parameters) -> tuple[tuple, tuple] | None:
    """JAX's (static positions, static names) from `static_argnums` / `static_argnames` as given
    (None: a form not followed). `parameters`: (name, positional-or-keyword) of each parameter in
    signature order, or a function giving them (read only where the inference needs them); the
    abstract interpreter's reading of a jitted def (untraced_jits.py) shares this."""
    if numbers is None and names is None:
        return (), ()
    numbers = (numbers,) if type(numbers) is int else numbers
    names = (names,) if type(names) is str else names
    if numbers is not None and (type(numbers) not in (tuple, list) or not all(type(n) is int and n >= 0 for n in numbers)):
        return None
    if names is not None and (type(names) not in (tuple, list) or not all(type(n) is str for n in names)):
        return None
    if numbers is not None and names is not None:
        return tuple(numbers), tuple(names)
    listed = parameters() if callable(parameters) else parameters
    if numbers is None:
        return tuple(i for i, (name, kind) in enumerate(listed) if kind and name in names), tuple(names)
    return tuple(numbers), tuple(name for i, (name, kind) in enumerate(listed) if kind and i in numbers)


def _parameters(func: object) -> list:
    """(name, positional-or-keyword) of each parameter of a def or lambda, in signature order (a
    bound method's without its first)."""
    if type(func) is Bound and type(func.func) is UFunc and func.func.alias is None:
        return _parameters(func.func)[1:]
    if type(func) is not UFunc or func.alias is not None:
        raise Bail
    spec = func.node.args
    found = [(arg.arg, False) for arg in spec.posonlyargs] + [(arg.arg, True) for arg in spec.args]
    found += [(spec.vararg.arg, False)] if spec.vararg is not None else []
    found += [(arg.arg, False) for arg in spec.kwonlyargs]
    return found + ([(spec.kwarg.arg, False)] if spec.kwarg is not None else [])


def unhashable(value: object, depth: int = 0) -> bool:
    """JAX hashes each static argument before it traces (an unhashable one raises ValueError).
    True where that hash may fail or is not followed: a list, dict, set or array, or an object of
    the module not known hashable (an object of a frozen dataclass hashes its fields, one of a
    class defining neither `__eq__` nor `__hash__` hashes by identity)."""
    from codemods.analysis.object_hashes import hash_of
    from codemods.analysis.script_values import Arr, UObj

    if depth > 8:
        return True
    if type(value) in (list, dict, set, Arr):
        return True
    if type(value) is tuple:
        return any(unhashable(item, depth + 1) for item in value)
    if type(value) is not UObj:
        return False  # (numbers, strs, functions, classes: hashable)
    cls = value.cls
    if value.data is not None or cls.meta is not None or cls.registered:
        return True
    if cls.kind == "dataclass":
        return not cls.frozen or any("__hash__" in c.attrs or "__eq__" in c.attrs for c in cls.order) \
            or any(name not in value.attrs or unhashable(value.attrs[name], depth + 1) for name in cls.fields)
    try:
        hash_of(value)
    except (Bail, Exception):  # (not followed, or `hash()` raises)
        return True
    return False
