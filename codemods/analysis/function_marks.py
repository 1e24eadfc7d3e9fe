"""Attributes a registering decorator sets on the def it decorates (issue 13): loss and op
registries keep a function's metadata on the function itself,

    def register_loss(name, *, vocab_axis, log_axes):
        def deco(fn):
            fn.vocab_axis = vocab_axis
            fn.log_axes = log_axes
            LOSSES[name] = fn
            return fn
        return deco

    @register_loss("xent", vocab_axis="tp", log_axes=("fsdp", "tp"))
    def vocab_parallel_xent(logits, onehot): ...

read back as `LOSSES[name].log_axes` or, in the def itself, `vocab_parallel_xent.vocab_axis`.
The value is what the decorator line gives the factory's parameter (or its default), read at
module level, when:
- the def has that one decorator, a call of a module factory `def f(...): def deco(fn): ...;
  return fn; return deco` (both undecorated, bound once) whose `deco` sets the attribute once, at
  its top level, to one of the factory's parameters or a constant, and rebinds none of them;
- no other code of the module stores an attribute of that name, and none sets attributes by
  name (`setattr`, `__dict__`, `vars`, `__setattr__`): the mark is never changed later.
"""
from __future__ import annotations

import ast

from codemods.analysis.decorators import returned_def
from codemods.analysis.nodes import DEFS, iter_nodes, positional_params
from codemods.analysis.values import Function, Value

_BY_NAME = frozenset({"setattr", "__setattr__", "__dict__", "vars", "delattr"})


def mark_value(interp, function: Function, attr: str) -> Value | None:
    """What the decorator of `function`'s def set its attribute `attr` to (None: not known)."""
    node = function.node
    if type(node) is not ast.FunctionDef or len(node.decorator_list) != 1 \
            or interp.scope.globals.unique_function(node.name) is not node:
        return None
    decorator = node.decorator_list[0]
    if type(decorator) is not ast.Call or type(decorator.func) is not ast.Name:
        return None
    factory = interp.scope.globals.unique_function(decorator.func.id)
    mark = _mark(factory, attr) if type(factory) is ast.FunctionDef and not factory.decorator_list else None
    if mark is None or not _only_store(interp, mark):
        return None
    value = mark.value
    if type(value) is ast.Constant:
        return interp.eval(value, interp.module_frame)
    given = _argument(decorator, factory, value.id)
    return interp.eval(given, interp.module_frame) if given is not None else None


def _mark(factory: ast.FunctionDef, attr: str) -> ast.Assign | None:
    """The statement `fn.<attr> = param` (or a constant) of the factory's returned decorator."""
    returned = returned_def(factory)
    if returned is None or len(factory.body) != 2:
        return None
    deco = returned[0]
    params = positional_params(deco.args)
    if deco.decorator_list or len(params) != 1 or deco.args.vararg or deco.args.kwarg or deco.args.kwonlyargs:
        return None
    fn = params[0].arg
    back = deco.body[-1]
    if type(back) is not ast.Return or type(back.value) is not ast.Name or back.value.id != fn:
        return None
    own = {param.arg for param in factory.args.posonlyargs + factory.args.args + factory.args.kwonlyargs}
    if any(type(node) is ast.Name and node.id in own | {fn} and not isinstance(node.ctx, ast.Load)
           or isinstance(node, (ast.Global, ast.Nonlocal)) or isinstance(node, DEFS + (ast.Lambda,)) and node is not deco and node is not factory
           for node in iter_nodes(factory)):
        return None  # a parameter rebound, or a nested scope that might change the mark
    marks = [stmt for stmt in deco.body if type(stmt) is ast.Assign and len(stmt.targets) == 1
             and type(stmt.targets[0]) is ast.Attribute and type(stmt.targets[0].value) is ast.Name
             and stmt.targets[0].value.id == fn and stmt.targets[0].attr == attr]
    if len(marks) != 1:
        return None
    value = marks[0].value
    if type(value) is ast.Constant or type(value) is ast.Name and value.id in own:
        return marks[0]
    return None


def _only_store(interp, mark: ast.Assign) -> bool:
    """The mark is the module's only store of its attribute name, and nothing sets one by name."""
    attr = mark.targets[0].attr
    if interp._attribute_stores().get(attr, []) != [mark.targets[0]]:
        return False
    key = "marks set by name"
    if key not in interp._class_tables:
        interp._class_tables[key] = any(
            type(node) is ast.Name and node.id in _BY_NAME or type(node) is ast.Attribute and node.attr in _BY_NAME
            for node in iter_nodes(interp.scope.tree))
    return not interp._class_tables[key]


def _argument(call: ast.Call, factory: ast.FunctionDef, param: str) -> ast.expr | None:
    """The expression `call` binds to the factory's parameter `param`, or its default."""
    if any(type(arg) is ast.Starred for arg in call.args) or any(keyword.arg is None for keyword in call.keywords):
        return None
    args = factory.args
    positional = [p.arg for p in args.posonlyargs + args.args]
    if len(call.args) > len(positional):
        return None
    given = dict(zip(positional, call.args))
    for keyword in call.keywords:
        if keyword.arg in given:
            return None
        given[keyword.arg] = keyword.value
    if param in given:
        return given[param]
    defaults = dict(zip(positional[len(positional) - len(args.defaults):], args.defaults))
    defaults.update((p.arg, d) for p, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None)
    return defaults.get(param)
