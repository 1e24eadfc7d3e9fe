"""A field of an object held in a field of another: `self.layout.obs_dense`, `cfg.layout.checkpoint`.

The outer object is found as follow_env finds any value (a field `__init__` stores from its
argument, a parameter the followed call binds, a local holding a construction); what it holds is
then a construction of a module class (`AnnLayout()`), or, for a dataclass field written
`field(default_factory=QueueLayout)` that the construction does not give, an object that class
builds with no arguments. The field read on it is what named_axes reads for one level: the
keyword the construction passes or the class default (a `field(default=...)` or a
`default_factory=lambda: ...` included). A dict subclass whose body only makes attributes read items (`__getattr__ =
dict.__getitem__`, also `__setattr__ = dict.__setitem__`) built with keywords holds each keyword
as an item: read when no code of the file stores that key or attribute, deletes anything, or
calls a method that changes a dict. Any field name the file assigns anywhere, a class with its
own `__init__`, `__post_init__` or attribute hooks, positional arguments, or an object found any
other way is unknown (None).
"""
from __future__ import annotations

from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

_MAX_DEPTH = 4


def nested_field(ctx: FileContext, node: cst.Attribute, env, depth: int = 0):
    """(expression, Env) the field `node` certainly holds, its receiver a field itself; else None."""
    if depth > _MAX_DEPTH or not isinstance(node.value, cst.Attribute):
        return None
    owner = _object(ctx, node.value, env, depth + 1)
    return _field(ctx, owner, node.attr.value) if owner is not None else None


def _object(ctx: FileContext, expr: cst.BaseExpression, env, depth: int):
    """(construction Call or ClassDef, Env) of the object `expr` holds, else None."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(expr, cst.Attribute):  # `cfg.layout`: the field of the object `cfg` holds, when that is known
        owner = _object(ctx, expr.value, env, depth + 1)
        held = _field(ctx, owner, expr.attr.value) if owner is not None else None
        if held is not None:
            expr, env = held
            if isinstance(expr, cst.ClassDef):
                return expr, None
    from codemods.analysis.spec_sources import follow_env

    node, _, inner = follow_env(ctx, expr, env)
    if isinstance(node, cst.ClassDef):
        return node, None
    if not isinstance(node, cst.Call) or _class_of(ctx, node.func) is None:
        return None
    return node, inner


def _class_of(ctx: FileContext, func: cst.BaseExpression):
    from codemods.analysis.local_names import resolve_name

    if not isinstance(func, cst.Name):
        return None
    built = resolve_name(ctx, func)
    if built is None or built.kind != "def" or not isinstance(built.node, cst.ClassDef):
        return None
    return built.node


def _field(ctx: FileContext, owner, attr: str):
    from codemods.analysis.named_axes import _assigned_attributes, _class_attribute, _constructed_field, _is_dataclass

    made, env = owner
    assigned = _assigned_attributes(ctx)
    if attr in assigned or "*" in assigned:
        return None
    classdef = made if isinstance(made, cst.ClassDef) else _class_of(ctx, made.func)
    if isinstance(made, cst.Call) and _attr_dict(ctx, classdef):  # `ConfigDict(layouts=ConfigDict(...))`
        if any(arg.star or arg.keyword is None for arg in made.args) or not _items_kept(ctx, attr):
            return None
        given = [arg.value for arg in made.args if arg.keyword.value == attr]
        return (given[0], env) if given else None
    call = made if isinstance(made, cst.Call) else cst.Call(func=cst.Name(classdef.name.value))
    given = any(arg.keyword is not None and arg.keyword.value == attr for arg in call.args)
    default = _class_attribute(ctx, classdef, attr) if not given else None
    if isinstance(default, cst.Call) and _is_dataclass(ctx, classdef) \
            and ctx.imports.resolve(default.func) == "dataclasses.field" \
            and all(arg.keyword is not None and not arg.star for arg in default.args) \
            and [arg.keyword.value for arg in default.args] == ["default_factory"]:
        factory = _class_of(ctx, default.args[0].value)  # `field(default_factory=QueueLayout)`
        if factory is not None and _is_dataclass(ctx, factory) \
                and _constructed_field(ctx, classdef, call, attr) is None:
            return factory, None
    held = _constructed_field(ctx, classdef, call, attr)
    if held is None:
        return None
    return held, env if given else None


_DICT_CHANGES = frozenset({"update", "setdefault", "pop", "popitem", "clear", "__setitem__", "__delitem__"})


def _attr_dict(ctx: FileContext, classdef) -> bool:
    """A `class C(dict)` whose body is only `__getattr__ = dict.__getitem__` (and `__setattr__ =
    dict.__setitem__`), a docstring or `pass`."""
    from codemods.analysis.iterated import _bound_names

    if classdef is None or classdef.decorators or len(classdef.bases) != 1 or classdef.keywords \
            or not isinstance(classdef.bases[0].value, cst.Name) or classdef.bases[0].value.value != "dict" \
            or "dict" in _bound_names(ctx):
        return False
    hooks = {}
    for line in classdef.body.body:
        if not isinstance(line, cst.SimpleStatementLine):
            return False
        for small in line.body:
            if isinstance(small, cst.Pass) or isinstance(small, cst.Expr) and isinstance(small.value, cst.SimpleString):
                continue
            if not isinstance(small, cst.Assign) or len(small.targets) != 1 \
                    or not isinstance(small.targets[0].target, cst.Name) or not isinstance(small.value, cst.Attribute) \
                    or not isinstance(small.value.value, cst.Name) or small.value.value.value != "dict":
                return False
            hooks[small.targets[0].target.value] = small.value.attr.value
    return hooks.get("__getattr__") == "__getitem__" and set(hooks) <= {"__getattr__", "__setattr__"} \
        and hooks.get("__setattr__", "__setitem__") == "__setitem__"


def _items_kept(ctx: FileContext, key: str) -> bool:
    """No code of the file stores `key` as an item, deletes anything, calls a dict-changing
    method or reaches attributes by name (`setattr`, `vars`, `__dict__`)."""
    import ast

    def build():
        changes = set()
        for node in ast.walk(ctx.tree):
            if isinstance(node, ast.Delete) or isinstance(node, ast.Name) and node.id in ("setattr", "vars", "exec", "eval") \
                    or isinstance(node, ast.Attribute) and (node.attr in _DICT_CHANGES or node.attr == "__dict__"):
                changes.add("*")
            elif isinstance(node, ast.Subscript) and not isinstance(node.ctx, ast.Load):
                changes.add(node.slice.value if isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str)
                            else "*")
        return frozenset(changes)

    changes = ctx.cached("nested_fields.item_changes", build)
    return "*" not in changes and key not in changes
