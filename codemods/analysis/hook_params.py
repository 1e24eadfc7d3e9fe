"""The object a hook's parameter always holds, from the calls that run the hook (issue 13):
`def on_validation_end(self, trainer, metrics)` of a callback, run by a `Trainer` as
`cb.on_validation_end(self, metrics)` or `getattr(cb, name)(self, *args)`.

Which callback a trainer calls is often unknown; what it hands the hook is not: wherever the
file can call a method of that name, the argument for `trainer` is `self` of a plain method of
one module class no other class extends. The parameter then holds an object of that class, so
`trainer.sharded(fn, ...)` runs that class's method (a shard_map reached through a hook).

Only when every way the file can reach the method is such a call: each `.name` read is the
callee of a call, no class is the receiver (an unbound call shifts the arguments), every
`getattr` is called on the spot with no keyword naming the parameter elsewhere, and nothing
hands methods out by name (`methodcaller`, `attrgetter`, `__dict__`, `vars`). Anything else:
unknown.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import module_parents, nodes_of_type, positional_params

_BY_NAME = frozenset({"methodcaller", "attrgetter", "__dict__", "vars", "__getattribute__", "getmembers", "getattr_static"})


def hook_param_class(scope, function, name: str) -> ast.ClassDef | None:
    """The module class whose object parameter `name` of the plain method `function` always
    holds, when every call that may run the method passes `self` of such a class; else None."""
    from codemods.analysis.scopes import method_kind

    cls = scope.class_of(function)
    params = positional_params(function.args)
    if cls is None or method_kind(function) != "plain" or len(params) < 2 \
            or function.args.vararg is not None or function.args.kwarg is not None:
        return None
    index = next((at for at, param in enumerate(params) if param.arg == name), None)
    if not index or _rebound(function, name):
        return None
    cache = scope.tree.__dict__.setdefault("_shardfix_hook_params", {})
    key = (id(function), name)
    if key not in cache:
        cache[key] = None  # a method handing its own parameter back to itself: unknown
        cache[key] = _passed_class(scope, function.name, name, index - 1)
    return cache[key]


def _rebound(function, name: str) -> bool:
    return any(type(node) is ast.Name and node.id == name and type(node.ctx) is not ast.Load
               or type(node) is ast.arg and node.arg == name and node not in function.args.args
               or isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names
               for node in ast.walk(function))


def _passed_class(scope, method: str, param: str, at: int) -> ast.ClassDef | None:
    tree = scope.tree
    if any(type(node) is ast.Name and node.id in _BY_NAME or type(node) is ast.Attribute and node.attr in _BY_NAME
           for node in ast.walk(tree)):
        return None
    parents = module_parents(tree)
    calls = []
    for node in nodes_of_type(tree, ast.Attribute):
        if node.attr != method:
            continue
        call = parents.get(id(node))
        if type(call) is not ast.Call or call.func is not node or type(node.value) is ast.Name \
                and node.value.id in scope.classes or type(node.value) is ast.Call and type(node.value.func) is ast.Name \
                and node.value.func.id == "super":
            return None  # handed on, unbound (`Callback.hook(obj, t)`), or a subclass extending it
        calls.append(call)
    called = {id(node.func) for node in nodes_of_type(tree, ast.Call)}
    if any(node.id == "getattr" and id(node) not in called for node in nodes_of_type(tree, ast.Name)):
        return None  # `getattr` handed on as a value: what it picks is called where no one sees
    for node in nodes_of_type(tree, ast.Call):
        if type(node.func) is ast.Name and node.func.id == "getattr":
            called = parents.get(id(node))
            if len(node.args) != 2 or node.keywords or type(called) is not ast.Call or called.func is not node:
                return None  # a method picked by name and not called here may be called anywhere
            if not (type(node.args[1]) is ast.Constant and node.args[1].value != method):
                calls.append(called)
    found = None
    for call in calls:
        cls = _self_class(scope, _argument(call, param, at), parents)
        if cls is None or found is not None and cls is not found:
            return None
        found = cls
    return found


def _argument(call: ast.Call, param: str, at: int) -> ast.expr | None:
    """What `call` (a bound method's call) passes for the parameter at `at` after `self`."""
    named = [keyword.value for keyword in call.keywords if keyword.arg == param]
    if named:
        return named[0] if at >= len(call.args) else None
    if any(type(arg) is ast.Starred for arg in call.args[:at + 1]) or at >= len(call.args):
        return None
    return call.args[at]


def _self_class(scope, expr: ast.expr | None, parents) -> ast.ClassDef | None:
    """The class of the object `expr` certainly is, of a module class no class extends: `self` of
    a plain method of it (read in that method's own body, not in a nested function), a
    construction `LitModel()`, or a parameter of a method that every caller hands such an object
    (`def fit(self, model, ...)` run as `trainer.fit(LitModel(), ...)`)."""
    from codemods.analysis.body_resolution import constructed_class
    from codemods.analysis.scopes import method_kind

    if type(expr) is ast.Call and type(expr.func) is ast.Name and expr.func.id in scope.classes \
            and not any(type(node) is ast.Name and node.id == expr.func.id and type(node.ctx) is not ast.Load
                        for node in ast.walk(scope.tree)):
        return constructed_class(scope, expr, ())
    if type(expr) is not ast.Name:
        return None
    node = parents.get(id(expr))
    while node is not None and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
        node = parents.get(id(node))
    if type(node) is not ast.FunctionDef or method_kind(node) != "plain":
        return None
    cls = scope.class_of(node)
    params = positional_params(node.args)
    if cls is None or not params or _rebound(node, expr.id):
        return None
    if params[0].arg != expr.id:
        return hook_param_class(scope, node, expr.id)
    return None if scope.subclassed(cls) else cls
