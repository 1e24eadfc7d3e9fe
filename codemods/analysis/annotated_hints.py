"""`typing.Annotated` hints and `typing.get_type_hints` of functions in a script run
(script_typing.py; issue 13).

Type-checked JAX code carries its layouts in the hints: `x: Annotated[Array, Layout("data", None)]`,
a jaxtyping-like `Float[Array, "b d"]` whose `__class_getitem__` returns `Annotated[array, dims]`,
and a `@typechecked` decorator or a `shard_from_hints` builder that reads them back with
`get_type_hints(fn, include_extras=True)` and `get_origin` / `get_args`. The in_specs of the
shard_map are then made from that metadata, so the run follows it as CPython 3.11 does:
- `Annotated[t, m1, ...]` keeps its metadata objects themselves (the run's values, in order);
  `Annotated[Annotated[t, a], b]` is `Annotated[t, a, b]`; `None` as t is `NoneType`;
- `get_origin` of it is `Annotated`, `get_args` is `(t, m1, ...)`, `__metadata__` / `__origin__`
  read the parts;
- `get_type_hints(f)` reads `f.__annotations__` (parameters in the compiler's order, then
  `return`): without `from __future__ import annotations` the values the def made (each one
  evaluated when the def ran), with it each source text evaluated now in the module's globals
  (a name of an enclosing function is not seen there: NameError, not modelled); `None` is
  `NoneType`, a str a forward reference evaluated in the globals; without `include_extras=True`
  the Annotated layers are stripped to their `t`.
The typing module hashes the parts of `Annotated[...]` for its cache and compares them with `==`:
metadata whose class defines its own `__eq__` or `__hash__` would run the program's code there,
so it stops the run (Bail), as does every comparison, hash or other use of an Annotated hint the
run does not model here, a t that is not a class the run knows, and a wrapped function.
"""
from __future__ import annotations

import ast
import typing

from codemods.analysis.host_exprs import Raised
from codemods.analysis.function_slots import Source
from codemods.analysis.host_objects import Bail

# The library classes a hint may name as its t (`Annotated[jax.Array, ...]`).
ARRAY_CLASSES = frozenset({"jax.Array", "jax.numpy.ndarray", "numpy.ndarray", "jax.typing.ArrayLike",
                           "numpy.typing.ArrayLike", "numpy.typing.NDArray"})
_READS = ("__metadata__", "__origin__", "__args__")


class AnnotatedHint:
    """`typing.Annotated[origin, *metadata]`, its metadata the run's own values."""

    __slots__ = ("metadata", "origin")

    def __init__(self, origin: object, metadata: tuple) -> None:
        self.origin, self.metadata = origin, metadata

    def __eq__(self, other: object) -> bool:
        raise Bail  # (compares origin and metadata with the program's `==`: not modelled)

    def __hash__(self) -> int:
        raise Bail


def is_class(value: object) -> bool:
    """A t typing takes as it is and compares by identity: a builtin hint, a module class without a
    metaclass or with one of the module's over `type` (class_metas.check_meta leaves it no
    `__eq__`, `__hash__`, `__or__` or `__getitem__` of its own), an array class of the libraries."""
    from codemods.analysis.class_metas import abc_rooted
    from codemods.analysis.script_typing import is_hint
    from codemods.analysis.script_values import Lib, UClass

    if type(value) is UClass:
        return value.meta is None or not abc_rooted(value.meta)
    if type(value) is Lib:
        from codemods import jaxapi

        return jaxapi.canonical(value.name) in ARRAY_CLASSES or value.name in ARRAY_CLASSES
    return is_hint(value) and value is not None


# The hooks through which typing's own checks of a hint object (`_type_check`'s `arg in (Any, ...)`,
# `isinstance(arg, _SpecialForm)`, `getattr(arg, '__typing_is_unpacked_typevartuple__', False)`,
# the lru_cache's hash and `==`, get_origin's and _eval_type's isinstance) would run program code.
_TYPING_HOOKS = ("__eq__", "__ne__", "__hash__", "__getattr__", "__getattribute__", "__class__",
                 "__typing_is_unpacked_typevartuple__", "__origin__", "__args__", "__metadata__")


def plain_object(value: object) -> bool:
    """An instance of a plain module class none of whose hooks typing reaches (a jaxtyping-like
    `Float[Array, "b d"]` that evaluates to a `Dims` object): CPython 3.11's typing takes it as it is
    (`_type_check` no longer asks for a callable), compares and hashes it by identity, and
    `get_origin` / `get_args` of it are None / (), checked on CPython 3.11."""
    from codemods.analysis.script_values import UObj

    return type(value) is UObj and value.data is None and value.cls.meta is None \
        and all(klass.kind == "plain" for klass in value.cls.order) \
        and all(value.cls.lookup(hook) is None for hook in _TYPING_HOOKS) \
        and all(name not in _TYPING_HOOKS for name in value.attrs)


def _plain_metadata(value: object) -> bool:
    """A metadata object typing may hash and compare without running the program's code."""
    from codemods.analysis.script_values import Member, NTup, SpecObj, StrMember, UClass, UObj

    kind = type(value)
    if value is None or kind in (str, int, float, bool, SpecObj, Member, StrMember):
        return True
    if kind in (tuple, frozenset):
        return all(_plain_metadata(item) for item in value)
    if kind is NTup:  # (a NamedTuple of the module: a tuple, unless its class has hooks of its own)
        return all(value.cls.lookup(hook) is None for hook in ("__eq__", "__hash__")) \
            and all(_plain_metadata(item) for item in value)
    if kind is UClass:
        return value.meta is None
    if kind is UObj:
        return value.data is None and all(value.cls.lookup(hook) is None for hook in ("__eq__", "__hash__"))
    return is_class(value)


def subscript(key: object) -> AnnotatedHint:
    """`Annotated[key]`."""
    if type(key) is not tuple or len(key) < 2:
        raise Bail  # (TypeError: Annotated needs a type and at least one annotation)
    origin, metadata = key[0], tuple(key[1:])
    if origin is None:
        origin = type(None)
    if type(origin) is AnnotatedHint:
        origin, metadata = origin.origin, origin.metadata + metadata
    if not (is_class(origin) or plain_object(origin)) or not all(_plain_metadata(item) for item in metadata):
        raise Bail
    return AnnotatedHint(origin, metadata)


def origin_of(hint: AnnotatedHint) -> object:
    return typing.Annotated


def args_of(hint: AnnotatedHint) -> tuple:
    return (hint.origin, *hint.metadata)


def attribute(hint: AnnotatedHint, name: str) -> object:
    if name == "__metadata__":
        return hint.metadata
    if name in ("__origin__", "__args__"):
        return hint.origin if name == "__origin__" else (hint.origin,)
    raise Bail


def strip(value: object) -> object:
    """`_strip_annotations`: the hint without its Annotated layers (none nest deeper: see subscript)."""
    if type(value).__name__ == "HeldHint" and any(type(arg) is AnnotatedHint or type(arg).__name__ == "HeldHint"
                                                 for arg in value.args):
        raise Bail  # (its Annotated arguments stripped in turn: not modelled)
    return value.origin if type(value) is AnnotatedHint else value


def function_hints(run, func: object, include_extras: bool) -> dict:
    """`typing.get_type_hints(func)` of a def the run made (a wrapper's: the `__annotations__`
    functools copied, evaluated in the innermost wrapped def's globals, the module's)."""
    from codemods.analysis import function_slots
    from codemods.analysis.script_functions import function_dict
    from codemods.analysis.script_values import UFunc

    inner, seen = func, 0
    while type(inner) is UFunc and "__wrapped__" in function_dict(run, inner) and seen < 20:
        inner, seen = function_dict(run, inner)["__wrapped__"], seen + 1
    if type(func) is not UFunc or type(inner) is not UFunc or type(func.node) not in (ast.FunctionDef, ast.AsyncFunctionDef):
        raise Bail
    held = function_slots.held(run, func, "__annotations__")
    if type(held) is not dict:
        raise Bail  # (values the run could not make when the def ran)
    hints = {key: _settled(run, value) for key, value in held.items()}
    return hints if include_extras else {key: strip(value) for key, value in hints.items()}


def _settled(run, value: object) -> object:
    """One value of `__annotations__` as get_type_hints returns it."""
    if value is None:
        return type(None)
    for _ in range(8):
        if type(value) is Source:
            value = _global_eval(run, value.node)
        elif type(value) is str:
            try:
                value = _global_eval(run, ast.parse(value.strip(), mode="eval").body)
            except SyntaxError:
                raise Bail from None
            if value is None:
                return type(None)
            if type(value) is tuple:
                raise Bail  # (TypeError: forward references must evaluate to types)
        else:
            break
    else:
        raise Bail
    if type(value) is AnnotatedHint or is_class(value) or type(value).__name__ == "HeldHint" or plain_object(value):
        return value  # (held_hints.py; a plain object: `_eval_type` returns it as it is)
    raise Bail  # (a value typing checks or takes apart further: not modelled)


def _global_eval(run, node: ast.expr) -> object:
    try:
        return run.eval(node, run.module_env)
    except Raised:
        raise Bail from None  # (a NameError of the program's: not modelled)
