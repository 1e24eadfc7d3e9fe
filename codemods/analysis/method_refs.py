"""Which class's method an attribute read names, when the text alone says it: real code gives
several classes one method name (`fprop`, `apply`, `forward`, `__call__`), so `.fprop` counted
over the file would make every such method look referenced where it is not.

`stack.fprop` names LayerStack.fprop for certain when `stack` is bound once in its scope, to a
`LayerStack(...)` call of a module class whose own body defines `fprop` by one def, no code
stores a `.fprop` attribute on any object, and the class neither customises attribute lookup nor
passes through a decorator that may replace it (dataclass decorators keep the class)."""
from __future__ import annotations

import ast

from codemods.analysis.hook_marks import plain_keywords
from codemods.analysis.nodes import iter_nodes
from codemods.analysis.scopes import ModuleScope
from codemods.analysis.syntax import DEFS

_LOOKUP_HOOKS = frozenset({"__getattr__", "__getattribute__"})


def foreign_references(scope: ModuleScope, cls: ast.ClassDef, name: str) -> frozenset[int]:
    """Ids of the `obj.<name>` reads that certainly name another class's method, not `cls`'s."""
    cache = scope.__dict__.setdefault("_foreign_references", {})
    key = (id(cls), name)
    if key not in cache:
        cache[key] = frozenset(_foreign(scope, cls, name)) if name not in scope.stored_attributes else frozenset()
    return cache[key]


def _foreign(scope: ModuleScope, cls: ast.ClassDef, name: str):
    def walk(node: ast.AST, scopes: tuple, shadowed: frozenset):
        for child in ast.iter_child_nodes(node):
            if type(child) is ast.Attribute and child.attr == name and type(child.value) is ast.Name \
                    and isinstance(child.ctx, ast.Load) and child.value.id not in shadowed | scope.volatile:
                owner = constructed_class(scope, child.value.id, scopes)
                if owner is not None and owner is not cls and defines(owner, name):
                    yield id(child)
            inner, hidden = scopes, shadowed
            if isinstance(child, DEFS):
                inner, hidden = scopes + (child,), frozenset()
            elif isinstance(child, ast.ClassDef):
                inner, hidden = (), frozenset()  # a class body's names are not the enclosing function's
            elif isinstance(child, (ast.Lambda, *_COMPREHENSIONS)):
                hidden = shadowed | _own_names(child)  # parameters and loop targets hide outer names
            yield from walk(child, inner, hidden)

    return walk(scope.tree, (), frozenset())


_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _own_names(node: ast.Lambda | ast.ListComp) -> frozenset[str]:
    if isinstance(node, ast.Lambda):
        params = node.args
        every = params.posonlyargs + params.args + params.kwonlyargs + [p for p in (params.vararg, params.kwarg) if p]
        return frozenset(param.arg for param in every)
    return frozenset(inner.id for generator in node.generators for inner in ast.walk(generator.target)
                     if type(inner) is ast.Name) | frozenset(
        inner.target.id for inner in ast.walk(node) if type(inner) is ast.NamedExpr and type(inner.target) is ast.Name)


def constructed_class(scope: ModuleScope, receiver: str, scopes: tuple) -> ast.ClassDef | None:
    """The module class `receiver` is an instance of: bound once to `C(...)`, or to a call of a
    module function (`plan = auto_plan(mesh)`) whose every return is `C(...)` of one class."""
    bound, outer = scope.lookup_value(receiver, scopes)
    if not (type(bound) is ast.Call and type(bound.func) is ast.Name):
        return None
    callee = bound.func.id
    if any(scope.locals_of(function).binds(callee) for function in outer):
        return None  # a local name, not the module's class
    if callee in scope.classes:
        return scope.classes[callee] if not scope.globals.functions.get(callee) else None
    factory = scope.globals.unique_function(callee)
    return _built_by(scope, factory) if isinstance(factory, ast.FunctionDef) and not factory.decorator_list else None


def _built_by(scope: ModuleScope, factory: ast.FunctionDef) -> ast.ClassDef | None:
    returns, found = [], set()
    for node in iter_nodes(factory, prune=lambda inner: isinstance(inner, (*DEFS, ast.Lambda, ast.ClassDef))):
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            return None  # a generator
        if isinstance(node, ast.Return):
            returns.append(node.value)
    for value in returns:
        if not (type(value) is ast.Call and type(value.func) is ast.Name and value.func.id in scope.classes) \
                or scope.locals_of(factory).binds(value.func.id):
            return None
        found.add(value.func.id)
    return scope.classes[found.pop()] if len(found) == 1 else None


def defines(cls: ast.ClassDef, name: str) -> bool:
    """The class body binds `name` by exactly one def, and nothing may change how it is read."""
    if any(not _keeps_class(decorator) for decorator in cls.decorator_list) or not plain_keywords(cls):
        return False
    binders = [stmt for stmt in cls.body if name in _bound_names(stmt)]
    hooks = [stmt for stmt in cls.body if _bound_names(stmt) & _LOOKUP_HOOKS]
    return not hooks and len(binders) == 1 and isinstance(binders[0], DEFS)


def _bound_names(stmt: ast.stmt) -> set[str]:
    if isinstance(stmt, (*DEFS, ast.ClassDef)):
        return {stmt.name}
    return {node.id for node in ast.walk(stmt) if type(node) is ast.Name and isinstance(node.ctx, ast.Store)}


def _keeps_class(decorator: ast.expr) -> bool:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    last = target.attr if isinstance(target, ast.Attribute) else target.id if isinstance(target, ast.Name) else ""
    return last == "dataclass"
