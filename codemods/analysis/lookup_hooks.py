"""A Fiddle-like buildable's `__getattr__` that reads its arguments back through `__dict__`
(`return self.__dict__["__arguments__"][name]`): Python calls it only when normal lookup fails,
and such a body changes nothing, so its `__dict__` is no way of setting fields by name, as long
as it only looks entries up in it: one that hands out the dict or its bound methods (`return
self.__dict__.update`) lets the caller change fields through them (adversarial22 V2)."""
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
            reads = [node for node in ast.walk(method) if type(node) is ast.Attribute and node.attr == "__dict__"]
            parents = {id(child): node for node in ast.walk(method) for child in ast.iter_child_nodes(node)}
            if all(_looked_up(node, parents.get(id(node))) for node in reads):
                found.update(id(node) for node in reads)
    return frozenset(found)


def _looked_up(read: ast.Attribute, holder: ast.AST | None) -> bool:
    """`self.__dict__[key]` or `key in self.__dict__`: an entry read, not the dict handed out
    (`return self.__dict__`, `return self.__dict__.update`: the caller may change fields through it)."""
    if type(holder) is ast.Subscript:
        return holder.value is read and type(holder.ctx) is ast.Load
    return type(holder) is ast.Compare and len(holder.ops) == 1 and type(holder.ops[0]) in (ast.In, ast.NotIn) \
        and holder.comparators[0] is read
