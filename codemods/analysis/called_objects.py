"""Calls of a callable object's `__call__` (issue 13): `SRMCheck(mesh)(exposed)`, a transform
object built and applied in one expression, whose `__call__` places `exposed` by
`spec_of(exposed.dims)` and runs the shard_map.

callers.py reads a method's parameter from its `obj.method(...)` calls; `__call__` is never
written so. Its calls are certain when the class's object can be reached by no other code:
every read of the class's name in the module is a construction called at once
(`Cls(...)(...)`, the outer call being a call of `__call__`), the name is written in no string
(`getattr(module, "Cls")`), no method of the class lets its object out (its first parameter is
read only as the receiver of an attribute other than `__class__` / `__dict__`), and nothing
reads `__call__` by name. The class has no subclass (callers.py checks that first). Calling
the class must make an object of it: no `__new__`, metaclass or decorator that may hand back
another object (adversarial22 O), and its name is rebound through no `globals()` or module
object write (callers.py checks the module's volatile names).
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import iter_with_scopes, last_name, module_parents, positional_params

_LEAKING_ATTRIBUTES = frozenset({"__class__", "__dict__"})
# (class decorators and metaclasses that hand back the class itself, making objects of it)
_KEEPING_DECORATORS = frozenset({"dataclass", "total_ordering", "final", "runtime_checkable"})
_KEEPING_METACLASSES = frozenset({"ABCMeta"})


def object_calls(tree: ast.Module, cls: ast.ClassDef) -> list[tuple[ast.Call, tuple]] | None:
    """Every call of `cls`'s `__call__` in the module (the object being its receiver), or None
    when other calls may exist."""
    if cls not in tree.body or not _keeps_self(cls) or not _makes_own(tree, cls, 0):
        return None  # (a class written inside a function may share its name with another)
    parents = module_parents(tree)
    calls = []
    for node, scopes in iter_with_scopes(tree):
        if type(node) is ast.Constant and node.value in (cls.name, "__call__", "__new__"):
            return None
        if type(node) is ast.Attribute and node.attr == "__new__" and type(node.ctx) is not ast.Load:
            return None  # `Cls.__new__ = ...` after the class
        if type(node) is ast.Attribute and node.attr == "__call__":
            return None
        if node is not cls and isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) \
                and node.name == cls.name:
            return None  # the name is bound again
        if type(node) is not ast.Name or node.id != cls.name:
            continue
        if type(node.ctx) is not ast.Load:
            return None
        made = parents.get(id(node))
        if type(made) is not ast.Call or made.func is not node:
            return None
        applied = parents.get(id(made))
        if type(applied) is not ast.Call or applied.func is not made:
            return None
        calls.append((applied, scopes))
    return calls


def _makes_own(tree: ast.Module, cls: ast.ClassDef, depth: int) -> bool:
    """Calling the class makes an object of it: no `__new__` (which may return another class's
    object), metaclass (its `__call__` may) or decorator (which may replace the class) but the
    ones that keep it, in it or the module's classes it derives from."""
    if depth > 8 or any(keyword.arg != "metaclass" or last_name(keyword.value) not in _KEEPING_METACLASSES
                        for keyword in cls.keywords) \
            or any(last_name(decorator) not in _KEEPING_DECORATORS for decorator in cls.decorator_list) \
            or any(isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == "__new__"
                   or type(stmt) in (ast.Assign, ast.AnnAssign) and any(
                       type(name) is ast.Name and name.id == "__new__" for name in ast.walk(stmt))
                   for stmt in cls.body):
        return False
    bases = {node.name: node for node in tree.body if type(node) is ast.ClassDef}
    return all(_makes_own(tree, bases[name], depth + 1) for base in cls.bases
               if (name := last_name(base)) in bases and bases[name] is not cls)


def _keeps_self(cls: ast.ClassDef) -> bool:
    """No method of the class hands its object on: `self` is read only as `self.<attr>`."""
    parents = None
    for method in cls.body:
        if type(method) not in (ast.FunctionDef, ast.AsyncFunctionDef):
            if any(type(node) is ast.Name and node.id == "self" for node in ast.walk(method)):
                return False
            continue
        if method.decorator_list:
            return False  # a static or class method, a property: their first parameter differs
        params = positional_params(method.args)
        if not params:
            return False
        own = params[0].arg
        if parents is None:
            parents = {id(child): node for node in ast.walk(cls) for child in ast.iter_child_nodes(node)}
        for node in ast.walk(method):
            if type(node) is ast.Name and node.id == own:
                holder = parents.get(id(node))
                if type(node.ctx) is not ast.Load or type(holder) is not ast.Attribute or holder.value is not node \
                        or holder.attr in _LEAKING_ATTRIBUTES:
                    return False
            elif type(node) in (ast.Lambda, ast.FunctionDef) and node is not method and \
                    own in {arg.arg for arg in positional_params(node.args)}:
                return False  # an inner def's own `self`
    return True
