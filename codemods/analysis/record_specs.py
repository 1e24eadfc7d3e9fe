"""Spec trees built with a NamedTuple of the module: `in_specs=(Params(P('tp'), P()), P('dp'))`.

A NamedTuple is a pytree node, so JAX reads the specs field by field and the body receives an
object of the same class whose fields have those states (`params.a` is varying on 'tp'). The
class is constructed as the interpreter constructs it anywhere else (fields, defaults, order).
"""
from __future__ import annotations

from codemods.dataclass_code import dataclass

import ast

from codemods import jaxapi
from codemods.analysis.hint_kinds import FIELD, hint_kind
from codemods.analysis.nodes import FunctionDef
from codemods.analysis.pytree_classes import pytree_node_class
from codemods.analysis.scopes import ModuleScope

_NAMED_TUPLE = frozenset({"typing.NamedTuple", "typing_extensions.NamedTuple"})
_REGISTER = frozenset({"jax.tree_util.register_dataclass"})
_DATACLASS = frozenset({"dataclasses.dataclass"})


@dataclass(frozen=True)
class RecordSpec:
    """`Cls(spec, ..., field=spec)`: the trees given by position and by keyword."""

    cls: ast.ClassDef
    args: tuple  # SpecTree per positional argument
    keywords: tuple  # (field, SpecTree) pairs


def record_class(scope: ModuleScope, call: ast.Call, scopes: tuple[FunctionDef, ...]) -> ast.ClassDef | None:
    """The module's NamedTuple class a call constructs (one binding, no subclass, no star
    arguments); None for anything else."""
    if not isinstance(call.func, ast.Name) or scopes and any(
            scope.locals_of(function).binds(call.func.id) for function in scopes):
        return None
    cls = scope.classes.get(call.func.id)
    if cls is None or scope.subclassed(cls) or cls.keywords:
        return None
    if any(isinstance(arg, ast.Starred) for arg in call.args) or any(kw.arg is None for kw in call.keywords):
        return None
    if _registered_dataclass(scope, cls, call) or pytree_node_class(scope, cls):
        return cls  # (a pytree node class: its body object is built by pytree_classes.unflattened)
    if len(cls.bases) != 1 or cls.decorator_list or scope.resolve(cls.bases[0]) not in _NAMED_TUPLE:
        return None
    return cls


def _registered_dataclass(scope: ModuleScope, cls: ast.ClassDef, call: ast.Call) -> bool:
    """An equinox-like module (`@jax.tree_util.register_dataclass` over `@dataclass`) whose spec
    call gives a tree for every data field and none for a static one (`field(metadata=
    dict(static=True))`: part of the tree's structure, equal to the argument's, so the
    constructor's default is what the body reads)."""
    fields = registered_dataclass(scope, cls)
    if fields is None or len(call.args) > len(fields):
        return False
    names = [name for name, _ in fields]
    given = names[:len(call.args)] + [kw.arg for kw in call.keywords]
    static = {name for name, is_static in fields if is_static}
    return len(set(given)) == len(given) and set(given) == set(names) - static


def registered_dataclass(scope: ModuleScope, cls: ast.ClassDef) -> list[tuple[str, bool]] | None:
    """The fields (name, static) of a class registered as a pytree by `@register_dataclass` over
    a plain `@dataclass` (no bases, no own `__init__`); None for any other class."""
    decorators = cls.decorator_list
    if cls.bases or cls.keywords or len(decorators) != 2:
        return None
    declared = None  # `@partial(register_dataclass, data_fields=[...], meta_fields=[...])`
    if isinstance(decorators[0], ast.Call):
        declared = _declared_fields(scope, decorators[0])
        if declared is None:
            return None
    elif scope.resolve(decorators[0]) not in _REGISTER:
        return None
    inner = decorators[1].func if isinstance(decorators[1], ast.Call) else decorators[1]
    if scope.resolve(inner) not in _DATACLASS or isinstance(decorators[1], ast.Call) and (
            decorators[1].args or any(kw.arg not in ("frozen", "eq", "repr") for kw in decorators[1].keywords)):
        return None
    fields: list[tuple[str, bool]] = []
    for stmt in cls.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            if hint_kind(scope.tree, stmt.annotation) != FIELD:
                return None  # (a ClassVar, an InitVar, or a hint not certain: hint_kinds.py)
            fields.append((stmt.target.id, _static_field(stmt.value)))
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if stmt.name in ("__init__", "__post_init__", "__new__", "__getattr__", "__getattribute__"):
                return None
        elif not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) or isinstance(stmt, ast.Pass)):
            return None
    if declared is not None:
        data, meta = declared
        if sorted(data + meta) != sorted(name for name, _ in fields) or any(
                is_static for name, is_static in fields if name in data):
            return None
        return [(name, name in meta) for name, _ in fields]
    return fields


def _declared_fields(scope: ModuleScope, decorator: ast.Call) -> tuple[list[str], list[str]] | None:
    """(data fields, meta fields) a `partial(jax.tree_util.register_dataclass, ...)` names."""
    if scope.resolve(decorator.func) != jaxapi.PARTIAL or len(decorator.args) != 1 \
            or scope.resolve(decorator.args[0]) not in _REGISTER:
        return None
    named = {}
    for keyword in decorator.keywords:
        items = keyword.value.elts if type(keyword.value) in (ast.List, ast.Tuple) else None
        if keyword.arg not in ("data_fields", "meta_fields") or items is None or not all(
                type(item) is ast.Constant and type(item.value) is str for item in items):
            return None
        named[keyword.arg] = [item.value for item in items]
    return (named["data_fields"], named["meta_fields"]) if len(named) == 2 else None


def _static_field(value: ast.expr | None) -> bool:
    """`field(..., metadata=dict(static=True))` or `metadata={"static": True}`."""
    if not isinstance(value, ast.Call):
        return False
    for keyword in value.keywords:
        if keyword.arg != "metadata":
            continue
        meta = keyword.value
        if isinstance(meta, ast.Dict):
            return any(isinstance(key, ast.Constant) and key.value == "static" and isinstance(item, ast.Constant)
                       and item.value is True for key, item in zip(meta.keys, meta.values))
        if isinstance(meta, ast.Call) and isinstance(meta.func, ast.Name) and meta.func.id == "dict":
            return any(kw.arg == "static" and isinstance(kw.value, ast.Constant) and kw.value.value is True
                       for kw in meta.keywords)
    return False

