"""Spec trees built with a NamedTuple of the module: `in_specs=(Params(P('tp'), P()), P('dp'))`.

A NamedTuple is a pytree node, so JAX reads the specs field by field and the body receives an
object of the same class whose fields have those states (`params.a` is varying on 'tp'). The
class is constructed as the interpreter constructs it anywhere else (fields, defaults, order).
"""
from __future__ import annotations

from dataclasses import dataclass

import ast

from codemods.analysis.nodes import FunctionDef
from codemods.analysis.scopes import ModuleScope

_NAMED_TUPLE = frozenset({"typing.NamedTuple", "typing_extensions.NamedTuple"})


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
    if cls is None or scope.subclassed(cls) or len(cls.bases) != 1 or cls.keywords or cls.decorator_list:
        return None
    if scope.resolve(cls.bases[0]) not in _NAMED_TUPLE:
        return None
    if any(isinstance(arg, ast.Starred) for arg in call.args) or any(kw.arg is None for kw in call.keywords):
        return None
    return cls

