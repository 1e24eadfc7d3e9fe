"""in_specs / out_specs a call without arguments returns, for the interpreter's specs (meshspec):
`in_specs=spec_fn()`, `in_specs=plan.spec()` (config objects keep their layout as methods).

The call's function is a module function, or a method of a module class whose instance the
receiver name is bound to once (`plan = ShardingPlan(...)`, see method_refs.py); it has no
decorator and its body is its one `return` (a docstring aside). The returned expression is read
in the function's scope: `self.stages[0]` through the fields every construction of the class
agrees on (classes.py), as any name there. Anything else is unknown (None). The LibCST side
(SF104's specs) has its own reading: returned_specs.py."""
from __future__ import annotations

import ast

from codemods.analysis.nodes import is_docstring
from codemods.analysis.scopes import ModuleScope, method_kind
from codemods.analysis.syntax import DEFS


def returned_expression(scope: ModuleScope, call: ast.Call, scopes: tuple) -> tuple[ast.expr, tuple] | None:
    """(the expression the call returns, the scopes to read it in), else None."""
    from codemods.analysis.method_refs import constructed_class, defines

    if call.args or call.keywords:
        return None
    function, outer = None, ()
    if type(call.func) is ast.Name:
        function, outer = scope.lookup_function(call.func.id, scopes)
        if function is not None and (scope.class_of(function) is not None or call.func.id in scope.volatile):
            function = None
    elif type(call.func) is ast.Attribute and type(call.func.value) is ast.Name \
            and (static := _static_method(scope, call.func.value.id, call.func.attr, scopes)) is not None:
        return static
    elif type(call.func) is ast.Attribute and type(call.func.value) is ast.Name \
            and call.func.value.id not in scope.volatile and call.func.attr not in scope.stored_attributes:
        cls = constructed_class(scope, call.func.value.id, scopes)
        if cls is not None and defines(cls, call.func.attr) and not scope.subclassed(cls):
            function = next(stmt for stmt in cls.body if isinstance(stmt, DEFS) and stmt.name == call.func.attr)
            if method_kind(function) != "plain" or len(function.args.args) != 1:
                function = None
    if not isinstance(function, ast.FunctionDef) or function.decorator_list:
        return None
    body = function.body[1:] if is_docstring(function.body[0]) else function.body
    if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
        return None
    return body[0].value, tuple(outer) + (function,)


def _static_method(scope: ModuleScope, name: str, attr: str, scopes: tuple) -> tuple[ast.expr, tuple] | None:
    """`Stack.specs()`: a `@staticmethod` without parameters of a module class read by its own
    name (bound once, at the module's top level, by the class statement; no subclass, no
    metaclass), whose body is its one `return`."""
    cls = scope.classes.get(name)
    if cls is None or cls.keywords or scope.subclassed(cls) or name in scope.volatile \
            or any(scope.locals_of(function).binds(name) for function in scopes) \
            or sum(1 for stmt in scope.tree.body if isinstance(stmt, ast.ClassDef) and stmt.name == name) != 1 \
            or scope.globals.binds(name) and name not in scope.classes:
        return None
    found = [stmt for stmt in cls.body if isinstance(stmt, DEFS) and stmt.name == attr]
    if len(found) != 1 or not isinstance(found[0], ast.FunctionDef) or method_kind(found[0]) != "static" \
            or any(getattr(found[0].args, part) for part in ("posonlyargs", "args", "kwonlyargs", "vararg", "kwarg")):
        return None
    body = found[0].body[1:] if is_docstring(found[0].body[0]) else found[0].body
    if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
        return None
    return body[0].value, (found[0],)
