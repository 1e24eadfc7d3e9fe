"""`typing.TypedDict` classes in a script run (script_classes.py; issue 13).

A config schema is written as `class MeshConfig(TypedDict): axes: tuple[str, ...]` and filled by
`MeshConfig(axes=("data", "model"))`. At run time a TypedDict is no class of its instances:
calling it makes a plain dict of the arguments, as `dict(...)` does (no key or type is checked),
its body may hold only annotations (and a docstring or `pass`: Python raises TypeError on
anything else), and `isinstance` against it raises TypeError. So the run makes such a class a
callable that builds a dict; reading any attribute of it (`__required_keys__`, ...) or deriving a
class of another kind from it stops the run.
"""
from __future__ import annotations

import ast

from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import Lib, RunCallable

_BASES = frozenset({"typing.TypedDict", "typing_extensions.TypedDict"})


class TypedDictClass(ModelledObject, RunCallable):
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def attribute(self, run, name: str) -> object:
        if name == "__name__":
            return self.name
        raise Bail

    def __call__(self, run, args: list, kwargs: dict) -> dict:
        made = run.builtin(dict, args, kwargs)
        if type(made) is not dict:
            raise Bail
        return made


def is_typed_dict_base(bases: list, names: list) -> bool:
    return bool(bases) and all(type(base) is TypedDictClass or type(base) is Lib and name in _BASES
                               for base, name in zip(bases, names))


def typed_dict_class(run, node: ast.ClassDef, env) -> TypedDictClass:
    """`class C(TypedDict, total=False): a: int` (or a TypedDict's subclass)."""
    if node.decorator_list or any(keyword.arg != "total" or type(keyword.value) is not ast.Constant
                                  or type(keyword.value.value) is not bool for keyword in node.keywords):
        raise Bail
    for index, statement in enumerate(node.body):
        if type(statement) is ast.AnnAssign and type(statement.target) is ast.Name and statement.value is None \
                and statement.simple:  # (`(key): int` is no key)
            continue
        if type(statement) is ast.Pass or index == 0 and type(statement) is ast.Expr \
                and type(statement.value) is ast.Constant and type(statement.value.value) is str:
            continue
        raise Bail  # (a default, a method: TypeError where the class is made)
    return TypedDictClass(node.name)


def _functional(run, args: list, kwargs: dict) -> TypedDictClass:
    """`TypedDict("MeshConfig", {"axes": tuple})`."""
    if len(args) != 2 or set(kwargs) - {"total"} or type(args[0]) is not str or type(args[1]) is not dict \
            or not all(type(key) is str for key in args[1]) or type(kwargs.get("total", True)) is not bool:
        raise Bail
    return TypedDictClass(args[0])


LIBRARY = {name: _functional for name in _BASES}
