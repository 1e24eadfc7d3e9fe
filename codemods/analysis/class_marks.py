"""What a class-filing decorator hands the class it files (issue 13): the model zoo's
`def register_model(name, **default_hparams): def wrap(cls): cls.default_hparams =
default_hparams; MODEL_ZOO[name] = cls; return cls; return wrap`, read back as
`cls(**{**cls.default_hparams, **overrides})` by the factory that builds the class by name.

Such a mark is a class attribute set once, as the class is made, to what the decorator line
wrote (`@register_model("tide", hidden_size=32, loss_axes=ALL_AXES)`): a dict of those keywords
for the factory's `**kwargs`, else the argument of that parameter. It leaves the class as written
(user_decorators.files_class) when no class of the module names the attribute anywhere in its
body (no method reads it through `self` or `cls`, nothing defines it). It is read as that value
when the decorator's statement is the only store of the attribute in the module, nothing changes
the object in place (through the attribute or the parameter: mutation.py) and no `setattr` is
written; otherwise the read stays unknown.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import names_by_id, nodes_of_type
from codemods.analysis.values import AxisState, ClassValue, DictValue, Value


def given_mark(scope, stmt: ast.stmt, param: str, factory) -> bool:
    """`cls.default_hparams = default_hparams`: a parameter of the decorator factory `factory`
    (never rebound) set on the decorated object `param`, an attribute no class body names."""
    if type(stmt) is not ast.Assign or len(stmt.targets) != 1 or type(stmt.targets[0]) is not ast.Attribute \
            or type(stmt.targets[0].value) is not ast.Name or stmt.targets[0].value.id != param \
            or type(stmt.value) is not ast.Name or type(factory) is not ast.FunctionDef:
        return False
    given = stmt.value.id
    if given == param or given not in _params(factory):
        return False
    if any(type(node) is ast.Name and node.id == given and type(node.ctx) is not ast.Load
           or type(node) in (ast.Nonlocal, ast.Global) or type(node) is ast.arg and node.arg == given
           and node not in _param_nodes(factory) for node in ast.walk(factory)):
        return False  # rebound, or shadowed by a nested def's parameter
    return _class_free(scope, stmt.targets[0].attr)


def given_marks(scope, decorator, fn: str, scopes) -> frozenset[int]:
    """The targets of the given marks at the top level of `decorator`, a def returned by the
    factory `scopes[-1]`."""
    factory = scopes[-1] if scopes else None
    if factory is None or decorator not in getattr(factory, "body", ()):
        return frozenset()
    return frozenset(id(stmt.targets[0]) for stmt in decorator.body if given_mark(scope, stmt, fn, factory))


def _params(function) -> dict[str, ast.arg]:
    args = function.args
    every = args.posonlyargs + args.args + args.kwonlyargs + [a for a in (args.vararg, args.kwarg) if a is not None]
    return {param.arg: param for param in every}


def _param_nodes(function) -> list[ast.arg]:
    return list(_params(function).values())


def _class_free(scope, attr: str) -> bool:
    """No class of the module names `attr` in its body (read, stored or defined), but for a
    default a base defines at its class body's top level (`config_class = PretrainedConfig`)
    when nothing in the module reads the attribute (no `.attr` read, no name, no str of it for
    `getattr`; a name of it outside class bodies is no attribute): the mark then shadows an
    attribute nobody asks for."""
    if attr.startswith("__"):
        return False
    unread = None
    for cls in nodes_of_type(scope.tree, ast.ClassDef):
        defaults = {id(target) for stmt in cls.body if type(stmt) in (ast.Assign, ast.AnnAssign)
                    for target in (stmt.targets if type(stmt) is ast.Assign else [stmt.target])
                    if type(target) is ast.Name and target.id == attr}
        for node in ast.walk(cls):
            if type(node) is ast.Name and id(node) in defaults:
                unread = _unread(scope.tree, attr) if unread is None else unread
                if not unread:
                    return False
            elif type(node) is ast.Attribute and node.attr == attr \
                    or type(node) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef) and node.name == attr \
                    or type(node) is ast.Name and node.id == attr:
                return False
    return True


def _unread(tree: ast.Module, attr: str) -> bool:
    """(`self.__dict__` holds an object's own attributes, no class's: any other `__dict__` may.)"""
    return not any(type(node) is ast.Attribute and (node.attr == attr and type(node.ctx) is ast.Load or node.attr == "__dict__"
                                                    and not (type(node.value) is ast.Name and node.value.id == "self"))
                   or type(node) is ast.Constant and node.value == attr for node in ast.walk(tree))


class ClassMarks:
    """Interpreter hook: `cls.default_hparams` of a class a filing decorator marked so."""

    def eval_Attribute(self, expr: ast.Attribute, frame) -> Value:
        value = super().eval_Attribute(expr, frame)
        if not (isinstance(value, AxisState) and value.unknown) or type(expr.ctx) is not ast.Load \
                or expr.attr not in _mark_attrs(self.scope):
            return value
        owner = self.eval_silently(expr.value, frame)  # read again for the object only
        if not isinstance(owner, ClassValue):
            return value
        found = _mark_value(self, owner.cls, expr.attr)
        return found if found is not None else value


def _mark_attrs(scope) -> frozenset[str]:
    """The attributes some class-filing decorator of the module sets as a given mark."""
    cached = scope.tree.__dict__.get("_shardfix_mark_attrs")
    if cached is None:
        cached = frozenset(node.attr for node in nodes_of_type(scope.tree, ast.Attribute)
                           if type(node.ctx) is ast.Store and type(node.value) is ast.Name)
        scope.tree.__dict__["_shardfix_mark_attrs"] = cached
    return cached


def _mark_value(interp, cls: ast.ClassDef, attr: str) -> Value | None:
    from codemods.analysis.decorators import returned_def
    from codemods.analysis.mutation import mutated_names
    from codemods.analysis.user_decorators import files_class

    scope = interp.scope
    if cls not in scope.tree.body or names_by_id(scope.tree).get("setattr") or "." + attr in mutated_names(scope.tree):
        return None
    found = []
    for decorator in cls.decorator_list:
        if type(decorator) is not ast.Call or type(decorator.func) is not ast.Name:
            continue
        factory = scope.lookup_function(decorator.func.id, ())[0]
        inner = returned_def(factory) if type(factory) is ast.FunctionDef else None
        if inner is None:
            continue
        params = inner[0].args
        param = (params.posonlyargs + params.args)[0].arg if params.posonlyargs + params.args else None
        for stmt in inner[0].body:
            if param is not None and given_mark(scope, stmt, param, factory) and stmt.targets[0].attr == attr:
                found.append((decorator, factory, stmt))
    if len(found) != 1:
        return None
    decorator, factory, mark = found[0]
    if not files_class(scope, decorator) or stmt_count(scope, attr) != 1 or mark.value.id in mutated_names(scope.tree):
        return None
    return _argument(interp, decorator, factory, mark.value.id)


def stmt_count(scope, attr: str) -> int:
    """How many stores of `.attr` the module writes (the mark is to be the only one)."""
    return sum(1 for node in nodes_of_type(scope.tree, ast.Attribute) if node.attr == attr and type(node.ctx) is not ast.Load)


def _argument(interp, call: ast.Call, factory: ast.FunctionDef, name: str) -> Value | None:
    """What the decorator line hands the factory's parameter `name`, evaluated in the module."""
    args = factory.args
    if any(type(arg) is ast.Starred for arg in call.args) or any(k.arg is None for k in call.keywords):
        return None
    positional = [param.arg for param in args.posonlyargs + args.args]
    named = set(positional[len(args.posonlyargs):]) | {param.arg for param in args.kwonlyargs}
    if len(call.args) > len(positional) and args.vararg is None:
        return None
    if args.kwarg is not None and name == args.kwarg.arg:
        extra = [k for k in call.keywords if k.arg not in named]
        return DictValue(tuple(k.arg for k in extra), tuple(interp.eval(k.value, interp.module_frame) for k in extra))
    if name in positional[:len(call.args)]:
        return interp.eval(call.args[positional.index(name)], interp.module_frame)
    given = [k.value for k in call.keywords if k.arg == name and name in named]
    return interp.eval(given[0], interp.module_frame) if given else None
