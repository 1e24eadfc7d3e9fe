"""An `__init__` decorator that records the constructor's arguments in a config (issue 13).

Diffusers' `@register_to_config` binds `__init__`'s arguments, defaults applied, and hands them to
a method of the object that stores them as its config before `__init__` runs:

    def register_to_config(init):
        @functools.wraps(init)
        def inner(self, *args, **kwargs):
            bound = inspect.signature(init).bind(self, *args, **kwargs)
            bound.apply_defaults()
            kept = {k: v for k, v in bound.arguments.items() if k != "self" and k not in self.ignore_for_config}
            self.register_to_config(**kept)
            init(self, *args, **kwargs)
        return inner

    class ConfigMixin:
        def register_to_config(self, **kwargs):
            internal = dict(getattr(self, "_internal_dict", {}))
            internal.update(kwargs)
            self._internal_dict = FrozenDict(internal)

`recording` reads such a decorator (exactly these five steps; the filter only leaves out names
spelled in it or in a class attribute of constant names); `recorded_store` gives the store the
construction makes first, `self._internal_dict = FrozenDict({"in_channels": in_channels, ...})`,
read in `__init__`'s frame where the parameters are bound with their defaults, and the store
target of the method (no other code may set that field). Anything else leaves the decorator
unknown: the construction is then not followed.
"""
from __future__ import annotations

import ast

from codemods.analysis.named_reads import reads_by_computed_name
from codemods.analysis.nodes import nodes_of_type, positional_params

_KEY = "_shardfix_recording"


def recording(scope, function: ast.FunctionDef, wrapper: ast.FunctionDef, me: str, star: str, spread: str) -> bool:
    """Whether `wrapper` (the def `function` returns, `(me, *star, **spread)`) records the bound
    arguments through one method of the object; what it records is kept on the wrapper."""
    init = positional_params(function.args)[0].arg
    steps = wrapper.body[1:] if wrapper.body and type(wrapper.body[0]) is ast.Expr \
        and type(wrapper.body[0].value) is ast.Constant else wrapper.body
    if len(steps) != 5 or any(scope.globals.binds(name) for name in ("getattr", "dict", "inspect")):
        return False
    bind, defaults, kept, record, run = steps
    call = f"({me}, *{star}, **{spread})"
    if type(bind) is not ast.Assign or len(bind.targets) != 1 or type(bind.targets[0]) is not ast.Name \
            or _text(bind.value) != f"inspect.signature({init}).bind{call}" or scope.resolve(
                bind.value.func.value.func, ()) != "inspect.signature":
        return False
    bound = bind.targets[0].id
    if _text(defaults) != f"{bound}.apply_defaults()" or _text(run) != f"{init}{call}" or type(run) is not ast.Expr:
        return False
    if type(kept) is not ast.Assign or len(kept.targets) != 1 or type(kept.targets[0]) is not ast.Name \
            or type(kept.value) is not ast.DictComp or len(kept.value.generators) != 1:
        return False
    comp = kept.value
    loop = comp.generators[0]
    if loop.is_async or type(loop.target) is not ast.Tuple or len(loop.target.elts) != 2 \
            or any(type(name) is not ast.Name for name in loop.target.elts) \
            or _text(loop.iter) != f"{bound}.arguments.items()" or len(loop.ifs) > 1:
        return False
    key, value = (name.id for name in loop.target.elts)
    if _text(comp.key) != key or _text(comp.value) != value:
        return False
    left_out = _left_out(loop.ifs[0], key, me) if loop.ifs else ((), ())
    method = _recorder(record, kept.targets[0].id, me)
    if left_out is None or method is None:
        return False
    owners = _other_recorders(scope.tree, method, record.value.func)
    spelled = [node for node in nodes_of_type(scope.tree, ast.Constant) if node.value == method
               and not any(node is inner for inner in ast.walk(record))]
    if owners is None or spelled or reads_by_computed_name(scope, {method}):
        return False  # the config may be recorded again later (`getattr(obj, "register_to_config")`)
    wrapper.__dict__[_KEY] = (method, left_out, owners)
    return True


def _other_recorders(tree: ast.Module, method: str, own: ast.expr) -> frozenset[str] | None:
    """The classes whose methods record again on their own object (`self.M(...)`, diffusers'
    `DiffusionPipeline.register_modules`): objects of a class that derives from none of them are
    never recorded again. None when some other code reads the method."""
    others = [node for node in nodes_of_type(tree, ast.Attribute) if node.attr == method and node is not own]
    owners, seen = set(), set()
    for cls in (stmt for stmt in tree.body if type(stmt) is ast.ClassDef):
        for member in cls.body:
            params = positional_params(member.args) if isinstance(member, ast.FunctionDef) and not member.decorator_list else []
            for node in ast.walk(member) if params else ():
                if type(node) is ast.Attribute and node.attr == method and type(node.value) is ast.Name \
                        and node.value.id == params[0].arg:
                    owners.add(cls.name)
                    seen.add(id(node))
    return frozenset(owners) if all(id(node) in seen for node in others) else None


def is_recording(wrapper: ast.FunctionDef) -> bool:
    return _KEY in wrapper.__dict__


def record_config(facts, cls: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> None:
    """Put the recorded config first among the fields the construction stores (`facts`: ClassFacts)."""
    found = recorded_store(facts.wrapper, facts.init, _chain(cls, classes))
    if found is not None:
        attr, value, target = found
        facts.stores = {attr: value, **facts.stores}
        facts.hook_targets.append(target)


def _chain(cls: ast.ClassDef, classes: dict[str, ast.ClassDef], depth: int = 0) -> list[ast.ClassDef]:
    bases = [classes[base.id] for base in cls.bases if type(base) is ast.Name and base.id in classes]
    return [cls] + [each for base in bases if depth < 8 for each in _chain(base, classes, depth + 1)]


def recorded_store(wrapper: ast.FunctionDef | None, init: ast.FunctionDef,
                   chain: list[ast.ClassDef]) -> tuple[str, ast.expr, ast.Attribute] | None:
    """(field, the value stored in it written over `init`'s parameters, the method's store target)
    for a class whose `__init__` the recording `wrapper` decorates (`chain`: the class and its bases)."""
    found = wrapper.__dict__.get(_KEY) if wrapper is not None else None
    if found is None or init.args.vararg or init.args.kwarg or init.args.posonlyargs or any(
            type(node) is ast.Attribute and node.attr == "__init__" for node in ast.walk(init)):
        return None  # a base's recording `__init__` run by this one adds its own items
    method, (names, attrs), owners = found
    names_of = {cls.name for cls in chain}
    if any(cls.name in owners for cls in chain):
        return None  # a method of the class records again
    methods = [member for cls in chain for member in cls.body if isinstance(member, ast.FunctionDef)
               and member.name == method]
    if len(methods) != 1 or any(not (type(base) is ast.Name and (base.id == "object" or base.id in names_of))
                                for cls in chain for base in cls.bases) or any(cls.keywords for cls in chain):
        return None  # a base not written here may define the method first
    stored = _stores(methods[0])
    if stored is None:
        return None
    target, make = stored
    if any(type(member) is ast.Assign and any(type(t) is ast.Name and t.id == target.attr for t in member.targets)
           for cls in chain for member in cls.body):
        return None  # a class attribute `getattr` would read first
    left = set(names)
    for attr in attrs:
        values = [member.value for cls in chain for member in cls.body if type(member) is ast.Assign
                  and any(type(t) is ast.Name and t.id == attr for t in member.targets)]
        if not values or type(values[0]) not in (ast.Tuple, ast.List) or any(
                type(item) is not ast.Constant or type(item.value) is not str for item in values[0].elts):
            return None
        left.update(item.value for item in values[0].elts)
    params = [param.arg for param in init.args.args[1:] + init.args.kwonlyargs if param.arg not in left]
    table = ast.Dict(keys=[ast.Constant(name) for name in params], values=[ast.Name(name, ast.Load()) for name in params])
    value = ast.Call(func=make, args=[table], keywords=[]) if make is not None else table
    for node in ast.walk(value):
        ast.copy_location(node, init)
    return target.attr, value, target


def _left_out(test: ast.expr, key: str, me: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The names `k != "self" and k not in self.ignore_for_config` leaves out: (spelled, class attributes)."""
    parts = test.values if type(test) is ast.BoolOp and type(test.op) is ast.And else [test]
    names, attrs = [], []
    for part in parts:
        if type(part) is not ast.Compare or len(part.ops) != 1 or _text(part.left) != key:
            return None
        op, right = part.ops[0], part.comparators[0]
        if type(op) is ast.NotEq and type(right) is ast.Constant and type(right.value) is str:
            names.append(right.value)
        elif type(op) is ast.NotIn and type(right) is ast.Attribute and type(right.value) is ast.Name \
                and right.value.id == me:
            attrs.append(right.attr)
        elif type(op) is ast.NotIn and type(right) in (ast.Tuple, ast.List, ast.Set) and all(
                type(item) is ast.Constant and type(item.value) is str for item in right.elts):
            names.extend(item.value for item in right.elts)
        else:
            return None
    return tuple(names), tuple(attrs)


def _recorder(stmt: ast.stmt, kept: str, me: str) -> str | None:
    """The method `self.M(**kept)` or `getattr(self, "M")(**kept)` calls."""
    if type(stmt) is not ast.Expr or type(stmt.value) is not ast.Call or stmt.value.args \
            or len(stmt.value.keywords) != 1 or stmt.value.keywords[0].arg is not None \
            or _text(stmt.value.keywords[0].value) != kept:
        return None
    func = stmt.value.func
    if type(func) is ast.Attribute and _text(func.value) == me:
        return func.attr
    if type(func) is ast.Call and type(func.func) is ast.Name and func.func.id == "getattr" and len(func.args) == 2 \
            and _text(func.args[0]) == me and type(func.args[1]) is ast.Constant and type(func.args[1].value) is str:
        return func.args[1].value
    return None


def _stores(method: ast.FunctionDef) -> tuple[ast.Attribute, ast.expr | None] | None:
    """`def M(self, **kw)`: `t = dict(getattr(self, "F", {}))`, `t.update(kw)`, `self.F = C(t)`
    (or `self.F = C(kw)` alone): the target `self.F` and `C` (None: the plain dict is kept)."""
    args = method.args
    if method.decorator_list or len(args.args) != 1 or args.vararg or args.kwonlyargs or args.posonlyargs \
            or args.kwarg is None:
        return None
    me, kw = args.args[0].arg, args.kwarg.arg
    body = method.body[1:] if method.body and type(method.body[0]) is ast.Expr \
        and type(method.body[0].value) is ast.Constant else method.body
    if not body or type(body[-1]) is not ast.Assign or len(body[-1].targets) != 1:
        return None
    target, value = body[-1].targets[0], body[-1].value
    if type(target) is not ast.Attribute or _text(target.value) != me:
        return None
    held = kw
    if len(body) == 3:
        first, update = body[0], body[1]
        if type(first) is not ast.Assign or len(first.targets) != 1 or type(first.targets[0]) is not ast.Name:
            return None
        held = first.targets[0].id
        if _text(first.value) not in (f"dict(getattr({me}, {target.attr!r}, {{}}))", f"dict(getattr({me}, \"{target.attr}\", {{}}))") \
                or _text(update) != f"{held}.update({kw})":
            return None
    elif len(body) != 1:
        return None
    if _text(value) == held:
        return target, None
    if type(value) is ast.Call and len(value.args) == 1 and not value.keywords and _text(value.args[0]) == held \
            and type(value.func) is ast.Name:
        return target, value.func
    return None


def _text(node: ast.AST) -> str:
    return ast.unparse(node)
