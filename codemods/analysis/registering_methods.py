"""The registering methods of a registry class (registry_objects.py; issue 13): `def register(self,
name, fn=None)` storing `self[name] = fn` (an optional `if fn is None: return lambda f:
self.register(name, f)` first), the decorating `def register(self, key): def deco(obj): ...;
self.<attr>[key] = obj; return obj; return deco`, mmcv's `register_module(self, name=None)` filing
under `name or obj.__name__`, each after guards that only raise, rebinding none of its names.

It exists apart from registry_objects.py (which module names hold a filled registry, and which
reads see its entries) because recognising a registering method is a question about one
method's shape: a new spelling of one touches only this."""
from __future__ import annotations

import ast

from codemods.analysis.registry_params import dual_registering, name_fallback
from codemods.analysis.nodes import DEFS, iter_nodes, positional_params
from codemods.analysis.scopes import method_kind


def registering_methods(cls: ast.ClassDef, attr: str | None) -> dict[str, str | None] | None:
    """The registering methods of the class (storing through `self[...]`, or `self.<attr>[...]`),
    each with its key parameter when a decoration may leave it out (`@R.register_module()` files
    under the def's own name); for a dict subclass, None when it binds anything else (which may
    change how it is read)."""
    found: dict[str, str | None] = {}
    for member in cls.body:
        if type(member) is ast.Expr and type(member.value) is ast.Constant:
            continue  # a docstring
        plain = type(member) is ast.FunctionDef and not member.decorator_list and method_kind(member) == "plain"
        if plain and (_registering(member, attr) or _decorating(member, attr)):
            found[member.name] = _named_key(member)
        elif plain and dual_registering(member, attr):  # fvcore's `register(self, obj=None)`
            found[member.name] = ""
        elif attr is None or not plain and not (isinstance(member, DEFS) and member.name == "__init__"):
            return None  # (a field registry's other plain methods: _readers_only)
    return found


def entry_store(stmt: ast.stmt, receiver: str, attr: str | None, key: str | None, value: str, named: bool = False) -> bool:
    """`self[key] = value` (attr None) or `self.<attr>[key] = value`; when `named`, also
    `self.<attr>[key or value.__name__] = value` (mmcv's `register_module`)."""
    if type(stmt) is not ast.Assign or len(stmt.targets) != 1 or type(stmt.targets[0]) is not ast.Subscript:
        return False
    held = stmt.targets[0].value
    if attr is not None:
        if type(held) is not ast.Attribute or held.attr != attr:
            return False
        held = held.value
    slice_ = stmt.targets[0].slice
    if key is None:  # `self.<attr>[value.__name__] = value`: filed under the def's own name
        return type(held) is ast.Name and held.id == receiver and type(slice_) is ast.Attribute \
            and slice_.attr == "__name__" and type(slice_.value) is ast.Name and slice_.value.id == value \
            and type(stmt.value) is ast.Name and stmt.value.id == value
    if named and name_fallback(slice_, key, value):
        slice_ = slice_.values[0]
    return type(held) is ast.Name and held.id == receiver and type(slice_) is ast.Name \
        and slice_.id == key and type(stmt.value) is ast.Name and stmt.value.id == value


def _named_key(method: ast.FunctionDef) -> str | None:
    """The key parameter of a decorating method that files under `key or obj.__name__` with
    `key=None` by default: a decoration may leave the key out."""
    params = positional_params(method.args)
    if len(params) == 1 and type(method.body[0]) is ast.FunctionDef:
        return ""  # `def register_module(self)`: every decoration files under the def's name
    if len(params) != 2 or len(method.args.defaults) != 1 or type(method.body[0]) is not ast.FunctionDef:
        return None
    store = _guards(list(method.body[0].body))[0]
    slice_ = store.targets[0].slice if type(store) is ast.Assign and type(store.targets[0]) is ast.Subscript else None
    inner = positional_params(method.body[0].args)
    return params[1].arg if slice_ is not None and inner and name_fallback(slice_, params[1].arg, inner[0].arg) \
        else None


def _guards(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements after the leading `if ...: raise ...` guards."""
    while body and type(body[0]) is ast.If and all(type(stmt) is ast.Raise for stmt in body[0].body) \
            and not body[0].orelse:
        body = body[1:]
    return body


def _registering(method: ast.FunctionDef, attr: str | None) -> bool:
    args = method.args
    params = positional_params(args)
    if args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs or len(params) != 3 \
            or [type(default) is ast.Constant and default.value is None for default in args.defaults] not in ([], [True]):
        return False
    receiver, key, fn = (param.arg for param in params)
    body = list(method.body)
    if body and type(body[0]) is ast.If and not all(type(stmt) is ast.Raise for stmt in body[0].body):
        test, branch = body[0].test, body[0].body  # `if fn is None: return lambda f: self.register(name, f)`
        if not (type(test) is ast.Compare and type(test.left) is ast.Name and test.left.id == fn
                and [type(op) for op in test.ops] == [ast.Is] and type(test.comparators[0]) is ast.Constant
                and test.comparators[0].value is None and not body[0].orelse and len(branch) == 1
                and type(branch[0]) is ast.Return and _self_lambda(branch[0].value, receiver, method.name, key)):
            return False
        body = body[1:]
    body = _guards(body)
    return len(body) == 2 and entry_store(body[0], receiver, attr, key, fn) \
        and type(body[1]) is ast.Return and type(body[1].value) is ast.Name and body[1].value.id == fn \
        and not _rebinds(method, {receiver, key, fn})


def _decorating(method: ast.FunctionDef, attr: str | None) -> bool:
    """`def register(self, key): def deco(obj): [guards]; self.<attr>[key] = obj; return obj; return deco`;
    also `def register_module(self, name=None)` storing `self.<attr>[name or obj.__name__] = obj`."""
    args = method.args
    params = positional_params(args)
    if args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs or len(params) not in (1, 2) \
            or len(method.body) != 2 or [type(d) is ast.Constant and d.value is None for d in args.defaults] not in ([], [True]):
        return False
    receiver, key = params[0].arg, params[1].arg if len(params) == 2 else None  # None: `def register_module(self)`
    deco, back = method.body
    if type(deco) is not ast.FunctionDef or deco.decorator_list or type(back) is not ast.Return \
            or type(back.value) is not ast.Name or back.value.id != deco.name:
        return False
    inner = positional_params(deco.args)
    if deco.args.vararg or deco.args.kwarg or deco.args.kwonlyargs or deco.args.defaults or len(inner) != 1:
        return False
    obj = inner[0].arg
    body = _guards(list(deco.body))
    return len(body) == 2 and entry_store(body[0], receiver, attr, key, obj, named=bool(args.defaults)) \
        and type(body[1]) is ast.Return and type(body[1].value) is ast.Name and body[1].value.id == obj \
        and not _rebinds(method, {receiver, key, obj} - {None}) and obj not in (receiver, key)


def _rebinds(method: ast.FunctionDef, names: set[str]) -> bool:
    return any(type(node) is ast.Name and node.id in names and not isinstance(node.ctx, ast.Load)
               or isinstance(node, (ast.Global, ast.Nonlocal)) for node in iter_nodes(method))


def registering_names(cls: ast.ClassDef, attr: str) -> set[str]:
    return {member.name for member in cls.body if type(member) is ast.FunctionDef and not member.decorator_list
            and method_kind(member) == "plain" and (_registering(member, attr) or _decorating(member, attr)
                                                    or dual_registering(member, attr))}


def _self_lambda(value: ast.expr | None, receiver: str, method: str, key: str) -> bool:
    """`lambda f: self.register(name, f)`."""
    if type(value) is not ast.Lambda:
        return False
    params = positional_params(value.args)
    call = value.body
    return len(params) == 1 and not value.args.vararg and not value.args.kwarg and not value.args.kwonlyargs \
        and type(call) is ast.Call and type(call.func) is ast.Attribute and call.func.attr == method \
        and type(call.func.value) is ast.Name and call.func.value.id == receiver and not call.keywords \
        and len(call.args) == 2 and type(call.args[0]) is ast.Name and call.args[0].id == key \
        and type(call.args[1]) is ast.Name and call.args[1].id == params[0].arg
