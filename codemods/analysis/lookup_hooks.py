"""A Fiddle-like buildable's `__getattr__` that reads its arguments back through `__dict__`
(`return self.__dict__["__arguments__"][name]`): Python calls it only when normal lookup fails,
and such a body changes nothing, so its `__dict__` is no way of setting fields by name."""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS

_CHANGES = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete, ast.NamedExpr, ast.Global, ast.Nonlocal, ast.Lambda)


def read_only_dicts(tree: ast.Module) -> frozenset[int]:
    """Ids of the `__dict__` reads inside `__getattr__` methods that assign nothing and call
    nothing but the exception they raise."""
    found: set[int] = set()
    for cls in (node for node in tree.body if type(node) is ast.ClassDef):
        for method in cls.body:
            if not isinstance(method, DEFS) or method.name != "__getattr__" or method.decorator_list:
                continue
            raised = {id(node.exc) for node in ast.walk(method) if type(node) is ast.Raise and node.exc is not None}
            if any(isinstance(node, _CHANGES) or isinstance(node, DEFS) and node is not method
                   or type(node) is ast.Call and id(node) not in raised for node in ast.walk(method)):
                continue
            found.update(id(node) for node in ast.walk(method) if type(node) is ast.Attribute and node.attr == "__dict__")
    return frozenset(found)
