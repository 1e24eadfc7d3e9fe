"""Generic classes and typing's helper calls in a script run (script_typing.py; issue 13).

Type-checked JAX code declares `T = TypeVar("T")`, `class Sharded(Generic[T])`,
`class Layer(Protocol[T])`, `@overload` stubs before the real def and `typing.cast(...)` around
values; none of it changes what the program computes, but each one stopped the run. What CPython
3.11 does, and the run with it:
- `TypeVar(name, *constraints, bound=None, covariant=False, contravariant=False)` is an object
  that compares and hashes by identity (its `__name__`, `__bound__`, `__constraints__` read back);
- `Generic[T, ...]` / `Protocol[T, ...]` need distinct TypeVars (TypeError otherwise: not modelled);
  as a base, `Generic[...]` adds `typing.Generic` after the class's other bases in its MRO, which
  supplies only `__class_getitem__` and `__init_subclass__` (setting `__parameters__`), so the
  class runs as the class without it; `Protocol[...]` as the only base is `Protocol`;
- `typing.overload(f)` returns a stub that raises NotImplementedError when called (the run stops
  there) and keeps f in a registry only `get_overloads` reads (not modelled);
- `typing.cast(t, v)` is v; `typing.final(f)`, `typing.no_type_check(f)` return f with one flag set.
Reading what the run leaves out of such a class (`__mro__`, `__bases__`, `__orig_bases__`,
`__parameters__`, `__dict__`) or subscripting it (`Box[int]`) stops the run (Bail).
"""
from __future__ import annotations

import typing

from codemods.analysis.host_objects import Bail

CALLS = frozenset({"typing.TypeVar", "typing.overload", "typing.cast", "typing.final", "typing.no_type_check"})
LEFT_OUT = frozenset({"__mro__", "__bases__", "__orig_bases__", "__parameters__", "__dict__", "__base__"})


class TypeVarObj:
    """A `typing.TypeVar`: identity is all it compares by."""

    __slots__ = ("bound", "constraints", "name", "variance")

    def __init__(self, name: str, constraints: tuple, bound: object, variance: tuple) -> None:
        self.name, self.constraints, self.bound, self.variance = name, constraints, bound, variance


class GenericBase:
    """`Generic[T, ...]` or `Protocol[T, ...]` (the form named by `form`)."""

    __slots__ = ("form", "params")

    def __init__(self, form: object, params: tuple) -> None:
        self.form, self.params = form, params

    def __eq__(self, other: object) -> bool:
        raise Bail

    def __hash__(self) -> int:
        raise Bail


class OverloadStub:
    """What `@overload` binds: calling it raises NotImplementedError."""

    __slots__ = ("func",)

    def __init__(self, func: object) -> None:
        self.func = func


def call(run, name: str, args: list, kwargs: dict) -> object:
    if name == "typing.TypeVar":
        return _type_var(args, kwargs)
    if kwargs:
        raise Bail
    if name == "typing.cast":
        if len(args) != 2:
            raise Bail
        return args[1]
    if len(args) != 1:
        raise Bail
    from codemods.analysis.script_values import UFunc

    if type(args[0]) is not UFunc:
        raise Bail  # (a class, a callable object: attributes set elsewhere, not modelled)
    if name == "typing.overload":
        return OverloadStub(args[0])
    from codemods.analysis.script_functions import function_dict

    function_dict(run, args[0])["__final__" if name == "typing.final" else "__no_type_check__"] = True
    return args[0]


def _type_var(args: list, kwargs: dict) -> TypeVarObj:
    if not args or type(args[0]) is not str or set(kwargs) - {"bound", "covariant", "contravariant"}:
        raise Bail
    covariant, contravariant = kwargs.get("covariant", False), kwargs.get("contravariant", False)
    if type(covariant) is not bool or type(contravariant) is not bool or covariant and contravariant:
        raise Bail  # (ValueError: bivariant)
    constraints = tuple(args[1:])
    if len(constraints) == 1 or constraints and kwargs.get("bound") is not None:
        raise Bail  # (TypeError: a single constraint, or both)
    return TypeVarObj(args[0], constraints, kwargs.get("bound"), (covariant, contravariant))


def subscript(holder: object, key: object) -> GenericBase:
    """`Generic[T]`, `Protocol[K, V]`."""
    params = key if type(key) is tuple else (key,)
    if not params or not all(type(param) is TypeVarObj for param in params) \
            or len({id(param) for param in params}) != len(params):
        raise Bail  # (TypeError: parameters must be distinct type variables)
    return GenericBase(holder, params)


def is_form(holder: object) -> bool:
    return holder is typing.Generic or holder is typing.Protocol


def class_bases(bases: list, node_bases: list) -> tuple:
    """The bases a class statement runs with, and whether a `Generic[...]` was among them: the
    Generic ones dropped, a `Protocol[...]` read as `typing.Protocol` (alone only)."""
    from codemods.analysis.held_hints import HeldHint

    aliased = any(type(base) is HeldHint and base.cls is not None for base in bases)
    if aliased:  # (`class Impl(Handler[Cmd])`: the alias's `__mro_entries__` gives its class)
        bases = [base.cls if type(base) is HeldHint and base.cls is not None else base for base in bases]
    if not any(type(base) is GenericBase for base in bases):
        return bases, node_bases, aliased
    import ast

    from codemods.analysis.script_values import Lib

    if any(type(node) is ast.Starred for node in node_bases):
        raise Bail

    kept, kept_nodes = [], []
    for base, node in zip(bases, node_bases):
        if type(base) is GenericBase and base.form is typing.Generic:
            continue
        if type(base) is GenericBase:
            if len(bases) != 1:
                raise Bail  # (a Protocol with other bases: not modelled)
            base = Lib("typing.Protocol")
        kept.append(base)
        kept_nodes.append(node)
    return kept, kept_nodes, True


def generic_class(run, cls: object) -> bool:
    """cls (or a class it derives from) had a `Generic[...]` base the run dropped."""
    marked = run.__dict__.get("_generic_classes", {})
    return any(id(klass) in marked for klass in getattr(cls, "order", None) or (cls,))


def mark(run, cls: object) -> None:
    run.__dict__.setdefault("_generic_classes", {})[id(cls)] = cls


def attribute(run, obj: object, name: str) -> object:
    if type(obj) is TypeVarObj:
        if name == "__name__":
            return obj.name
        if name in ("__bound__", "__constraints__"):
            return obj.bound if name == "__bound__" else obj.constraints
        if name in ("__covariant__", "__contravariant__"):
            return obj.variance[name == "__contravariant__"]
        raise Bail
    if type(obj) is OverloadStub:
        raise Bail
    if name in LEFT_OUT and generic_class(run, obj):
        raise Bail
    return NotImplemented
