"""Whether the members of a `str` Enum class of the module act as the strs they are (the
readings that take `Axis.DATA` for "data": pyvalues.py, named_axes.py).

A member of `class Axis(str, Enum)` is a str: it equals its value and hashes alike, so it finds
and is found as that str in dicts and sets, and JAX binds it as that axis name. A class that
defines its own special methods changes that: its own `__hash__` (by the member's name, say)
makes `{"data": ...}.get(Axis.DATA)` miss, its own `__eq__` decides comparisons, `__add__` or
`__getitem__` what operators give. Such a class's members stay unknown. Only the text hooks
(`__str__`, `__repr__`, `__format__`) leave the str alone; where the text itself is read, the
readers ask for it (member_texts.py)."""
from __future__ import annotations

import ast

TEXT_HOOKS = frozenset({"__str__", "__repr__", "__format__"})


def body_names(cls: ast.ClassDef) -> set[str]:
    """The names the class body binds by a def or an assignment (its attributes and methods)."""
    names = set()
    for statement in cls.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(statement.name)
        elif isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            names.update(node.id for target in targets for node in ast.walk(target) if isinstance(node, ast.Name))
    return names


def own_hooks(cls: ast.ClassDef) -> bool:
    """The class body binds a special method other than the text hooks, or `_ignore_`."""
    return any(name == "_ignore_" or name.startswith("__") and name.endswith("__") and name not in TEXT_HOOKS
               for name in body_names(cls))
