"""What `Classes._field_changers` answers when it cannot list field names (issue 13).

`setattr(obj, name, v)`, `vars(obj)` and the like may change any field of any object in place:
every field is then a changer, and `"*"` (in place) is one too. `dataclasses.replace(cfg,
**changes)` and `type(current)(value)` build new objects instead: any field of a copy may differ,
but an object whose fields are known from its construction keeps them, so `"*"` is not a changer.

`dataclasses.replace` copies only dataclass instances (it raises TypeError on any other object):
the names its calls give change no field of a class that cannot be one (`never_dataclass`), so a
field such a class's __init__ reads back (`self.head = Linear(self.model_axis)`) stays known
in a module that replaces a config's fields by `dataclasses.replace(cfg, **overlay)`.
"""
from __future__ import annotations

import ast

_REPLACE = "dataclasses.replace"


class Everything(frozenset):
    def __contains__(self, item: object) -> bool:
        return True


class AnyCopied(frozenset):
    """Any field may differ in a new object; none is changed in place."""

    def __contains__(self, item: object) -> bool:
        return item != "*"


def dataclass_copy(scope, call: ast.Call) -> bool:
    """`dataclasses.replace(obj, ...)`, by any import of it."""
    return scope.resolve(call.func, ()) == _REPLACE


def never_dataclass(scope, cls: ast.ClassDef, depth: int = 0) -> bool:
    """No `dataclasses.replace` can take an object of `cls`: neither it nor a base is decorated,
    has class keywords or a hook run for its subclasses, every base is a module class (or
    `object`), and nothing in the module names `__dataclass_fields__`."""
    if depth > 16 or cls.decorator_list or cls.keywords \
            or any(isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)) and member.name == "__init_subclass__"
                   for member in cls.body):
        return False
    if depth == 0 and _names_dataclass_fields(scope.tree):
        return False
    for base in cls.bases:
        if type(base) is not ast.Name or (base.id != "object" and base.id not in scope.classes):
            return False
        if base.id != "object" and not never_dataclass(scope, scope.classes[base.id], depth + 1):
            return False
    return True


def _names_dataclass_fields(tree: ast.AST) -> bool:
    """Some attribute or constant of the module spells `__dataclass_fields__` (from the module's
    indexes, kept on the tree: an `ast.walk` of the whole module per question before)."""
    from codemods.analysis.nodes import attributes_by_name, nodes_of_type

    found = tree.__dict__.get("_shardfix_names_dataclass_fields")
    if found is None:
        found = "__dataclass_fields__" in attributes_by_name(tree) or any(
            node.value == "__dataclass_fields__" for node in nodes_of_type(tree, ast.Constant))
        tree.__dict__["_shardfix_names_dataclass_fields"] = found
    return found
