"""Registry objects handed to a builder function, and their getter methods (issue 13): mmcv's
`build_from_cfg(cfg, registry, default_args=None)` and Detectron2's `REGISTRY.get(name)(cfg)`.

    class Registry:
        ...
        def get(self, key):
            return self._module_dict[key]

    def build_from_cfg(cfg, registry, default_args=None):
        args = dict(cfg)
        return registry.get(args.pop("type"))(**args)

    head = build_from_cfg(pts_bbox_head, HEADS)

A registry object (registry_objects.py) may be passed, as a plain argument, to a direct call of a
module function whose parameter is read only as `param.<reading method>(...)`: then the object
still escapes to no code that could keep or change it. A getter returns an entry as it is
(`return self.<entries>[key]`); every call of it must be called at once (`R.get(k)(...)`), and
those outer calls are the constructions of every class the registry files (a superset of the
real ones, as class_registries.py counts them).
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, iter_nodes, iter_with_scopes, module_parents, positional_params
from codemods.analysis.scopes import method_kind


def getter_names(cls: ast.ClassDef, attr: str) -> set[str]:
    """The plain methods `def get(self, key): return self.<attr>[key]` (after guards that only
    raise)."""
    found = set()
    for member in cls.body:
        if type(member) is not ast.FunctionDef or member.decorator_list or method_kind(member) != "plain":
            continue
        params = positional_params(member.args)
        args = member.args
        body = [stmt for stmt in member.body if not (type(stmt) is ast.Expr and type(stmt.value) is ast.Constant)]
        while body and type(body[0]) is ast.If and not body[0].orelse and all(type(s) is ast.Raise for s in body[0].body) \
                and not any(type(node) is ast.Call for node in ast.walk(body[0].test)):
            body = body[1:]  # `if name not in self._obj_map: raise KeyError(...)` (fvcore's `get`)
        if len(params) != 2 or args.vararg or args.kwarg or args.kwonlyargs or args.defaults or len(body) != 1 \
                or type(body[0]) is not ast.Return:
            continue
        item = body[0].value
        if type(item) is ast.Subscript and type(item.value) is ast.Attribute and item.value.attr == attr \
                and type(item.value.value) is ast.Name and item.value.value.id == params[0].arg \
                and type(item.slice) is ast.Name and item.slice.id == params[1].arg:
            found.add(member.name)
    return found


def handed_param(scope, node: ast.Name, parents, readers: set[str], scopes) -> list[ast.Name] | None:
    """The loads of the parameter a registry name `node` is handed to, when `node` is a plain
    argument of a direct call of an undecorated module function whose parameter is read only as
    `param.<reader>(...)` (None otherwise)."""
    call = parents.get(id(node))
    keyword = None
    if type(call) is ast.keyword:
        keyword, call = call, parents.get(id(call))
    if type(call) is not ast.Call or type(call.func) is not ast.Name or node is call.func \
            or any(scope.locals_of(function).binds(call.func.id) for function in scopes if isinstance(function, DEFS)):
        return None
    function = scope.globals.unique_function(call.func.id)
    if type(function) is not ast.FunctionDef or function.decorator_list or call.func.id in scope.classes \
            or scope.class_of(function) is not None:
        return None
    params = positional_params(function.args)
    if keyword is not None:
        named = [param for param in params[len(function.args.posonlyargs):] + list(function.args.kwonlyargs)
                 if param.arg == keyword.arg]
        param = named[0] if named else None
    else:
        index = next(i for i, arg in enumerate(call.args) if arg is node)
        if any(type(arg) is ast.Starred for arg in call.args[:index]):
            return None
        param = params[index] if index < len(params) else None
    return _reader_loads(function, param.arg, readers, parents) if param is not None else None


def _reader_loads(function: ast.FunctionDef, name: str, readers: set[str], parents) -> list[ast.Name] | None:
    """The loads of parameter `name` in `function`, each `name.<reader>(...)`; None for any other
    use, a rebinding, or a nested scope naming it."""
    loads = []
    for node in iter_nodes(function):
        if type(node) is ast.arg and node.arg == name and node not in function.args.args + function.args.posonlyargs \
                + function.args.kwonlyargs or isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return None
        if type(node) is not ast.Name or node.id != name:
            continue
        parent = parents.get(id(node))
        call = parents.get(id(parent))
        if not isinstance(node.ctx, ast.Load) or type(parent) is not ast.Attribute or parent.attr not in readers \
                or type(call) is not ast.Call or call.func is not parent:
            return None
        loads.append(node)
    return loads


def getter_constructions(scope, registry: ast.ClassDef, getters: set[str], filed: ast.ClassDef) -> list[ast.Call] | None:
    """The calls `R.get(k)(...)` of every name holding a registry object of class `registry` that
    files `filed` (and of the parameters they are handed to); None when a getter's result is not
    called at once. Another object of that class (`PROPOSAL_GENERATOR_REGISTRY` beside
    `META_ARCH_REGISTRY`) never returns `filed`."""
    from codemods.analysis.registry_objects import registry_entries, reader_names

    parents = module_parents(scope.tree)
    readers = reader_names(scope, registry)
    names = {stmt.targets[0].id for stmt in scope.tree.body if type(stmt) is ast.Assign and len(stmt.targets) == 1
             and type(stmt.targets[0]) is ast.Name and (entries := registry_entries(scope, stmt.targets[0].id))
             and entries[0] is registry and any(entry is filed for _, entry in entries[2])}
    holders: list[ast.Name] = []
    for node, scopes in iter_with_scopes(scope.tree):
        if scopes and type(node) is ast.Name and node.id in names and isinstance(node.ctx, ast.Load):
            holders.append(node)
            handed = handed_param(scope, node, parents, readers, scopes)
            holders.extend(handed or ())
    calls = []
    for holder in holders:
        parent = parents.get(id(holder))
        if type(parent) is not ast.Attribute or parent.attr not in getters:
            continue
        got = parents.get(id(parent))
        built = parents.get(id(got))
        if type(got) is not ast.Call or got.func is not parent or type(built) is not ast.Call or built.func is not got:
            return None
        calls.append(built)
    return calls


def sibling_fills(scope, name: str, cls: ast.ClassDef, methods) -> dict[int, int]:
    """The module statements that build or fill another registry object of the same class
    (`LOSSES = Registry("losses")`, `@LOSSES.register_module() class BalanceLoss`), by id, each
    with the id of the receiver it fills through (or 0): they run no code that could read the
    registry `name` while it is filled, as long as the class's `__init__` only stores its
    parameters, constants and empty dicts."""
    from codemods.analysis.registry_objects import _fill

    if not _plain_init(cls):
        return {}
    others = {stmt.targets[0].id: stmt for stmt in scope.tree.body if type(stmt) is ast.Assign
              and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name and stmt.targets[0].id != name
              and scope.globals.unique_value(stmt.targets[0].id) is stmt.value and _constant_construction(stmt.value, cls)}
    found = {id(stmt): 0 for stmt in others.values()}
    for stmt in scope.tree.body:
        for other in others:
            fill = _fill(stmt, other, methods, scope)
            if fill is not None:
                found[id(stmt)] = id(fill[2])
    return found


def _constant_construction(value: ast.expr, cls: ast.ClassDef) -> bool:
    return type(value) is ast.Call and type(value.func) is ast.Name and value.func.id == cls.name \
        and all(type(arg) is ast.Constant for arg in value.args) \
        and all(keyword.arg is not None and type(keyword.value) is ast.Constant for keyword in value.keywords)


def _plain_init(cls: ast.ClassDef) -> bool:
    """`__init__` only stores `self.x = <parameter, constant or {}>`."""
    init = next((member for member in cls.body if type(member) is ast.FunctionDef and member.name == "__init__"), None)
    params = positional_params(init.args) if init is not None else []
    if not params:
        return False
    names = {param.arg for param in params[1:]}
    return all(type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Attribute
               and type(stmt.targets[0].value) is ast.Name and stmt.targets[0].value.id == params[0].arg
               and (type(stmt.value) is ast.Constant or type(stmt.value) is ast.Name and stmt.value.id in names
                    or type(stmt.value) is ast.Dict and not stmt.value.keys)
               for stmt in init.body)



# Builtins that reach objects by name or run text: a class calling them may read any module name.
_REACHING = frozenset({"globals", "locals", "vars", "eval", "exec", "getattr", "setattr", "__import__", "compile",
                       "open", "input", "print", "breakpoint", "help", "dir", "delattr", "hasattr"})


def self_contained_class(scope, name: str) -> bool:
    """A module class (undecorated, no keywords, bases builtins only) whose body loads no module
    name but its own and the unshadowed builtins that reach nothing by name, and imports nothing:
    building it (`ConfigDict(model=dict(...))`) runs no code that could read a registry."""
    import builtins

    cls = scope.classes.get(name)
    if cls is None or cls.decorator_list or cls.keywords or scope.globals.unique_value(name) is not None \
            or scope.globals.unique_function(name) is not None:
        return False
    allowed = {name} | {each for each in dir(builtins) if not each.startswith("_") or each == "__name__"} - _REACHING
    local = {node.arg for node in ast.walk(cls) if type(node) is ast.arg} \
        | {node.id for node in ast.walk(cls) if type(node) is ast.Name and not isinstance(node.ctx, ast.Load)} \
        | {node.name for node in ast.walk(cls) if type(node) is ast.ExceptHandler and node.name}
    for node in ast.walk(cls):
        if isinstance(node, (ast.Import, ast.ImportFrom, ast.Global, ast.Nonlocal)):
            return False
        if type(node) is ast.Name and isinstance(node.ctx, ast.Load) and node.id != name \
                and (node.id not in allowed | local or scope.globals.binds(node.id) or node.id in scope.imports.bindings):
            return False
    return True


def display_call(scope, call: ast.Call) -> bool:
    """`dict(k=v, ...)`, `list(<display>)`, `tuple(<display>)` of the unshadowed builtin, a
    function of `math`, or a construction of a self-contained class: a call at load that runs no
    code reading a registry."""
    func = call.func
    if type(func) is ast.Name and self_contained_class(scope, func.id):
        return all(keyword.arg is not None for keyword in call.keywords) \
            and all(type(arg) is not ast.Starred for arg in call.args)  # `cfg = ConfigDict(model=dict(...))`
    if type(func) in (ast.Name, ast.Attribute) and (scope.resolve(func, ()) or "").startswith("math."):
        return all(keyword.arg is not None for keyword in call.keywords) \
            and all(type(arg) is not ast.Starred for arg in call.args)  # `scale_clamp=math.log(1000.0 / 16)`
    if type(func) is ast.Name and _inert_class(scope, func.id):
        return all(keyword.arg is not None for keyword in call.keywords) \
            and all(type(arg) is ast.Dict for arg in call.args)  # `_C.MODEL.RETINANET = CN()`
    if type(func) is not ast.Name or func.id not in ("dict", "list", "tuple") or scope.globals.binds(func.id):
        return False
    if func.id == "dict":
        return not call.args and all(keyword.arg is not None or _plain_dict(scope, keyword.value)
                                     for keyword in call.keywords)
    return not call.keywords and len(call.args) <= 1 \
        and all(type(arg) in (ast.List, ast.Tuple, ast.Dict, ast.Set) for arg in call.args)


_INERT_BASES = frozenset({"dict", "list", "object"})


def _inert_class(scope, name: str) -> bool:
    """A module class whose construction runs only builtin code: builtin bases, no decorator,
    keyword, `__init__` or `__new__` (`class CfgNode(dict)` with its `__getattr__`, `clone`
    and the rest: `CN()` is an empty dict); through one module alias (`CN = CfgNode`)."""
    alias = scope.globals.unique_value(name)
    if type(alias) is ast.Name and scope.globals.unique_function(name) is None and name not in scope.classes:
        name = alias.id
    cls = scope.classes.get(name)
    if cls is None or cls.decorator_list or cls.keywords or scope.globals.unique_value(name) is not None \
            or scope.globals.unique_function(name) is not None or name in scope.volatile:
        return False
    bound = {member.name for member in cls.body if isinstance(member, DEFS)} \
        | {target.id for member in cls.body if type(member) in (ast.Assign, ast.AnnAssign)
           for target in (member.targets if type(member) is ast.Assign else [member.target]) if type(target) is ast.Name}
    return not bound & {"__init__", "__new__"} and all(
        type(base) is ast.Name and base.id in _INERT_BASES and not scope.globals.binds(base.id)
        and base.id not in scope.imports.bindings for base in cls.bases)


def _plain_dict(scope, value: ast.expr) -> bool:
    """A `**` spread that runs no code: a dict display, or a module name bound once to one (or to
    `dict(k=v, ...)` of named keywords alone)."""
    if type(value) is ast.Dict:
        return True
    bound = scope.globals.unique_value(value.id) if type(value) is ast.Name else None
    return type(bound) is ast.Dict or type(bound) is ast.Call and type(bound.func) is ast.Name \
        and bound.func.id == "dict" and not bound.args and all(keyword.arg is not None for keyword in bound.keywords)


def own_name(scope, node: ast.AST) -> str | None:
    """The `__name__` a def or class has when its decorator runs: the name written, for a def, or
    a class whose creation runs no code that could rename it (no keywords such as `metaclass=`,
    bases `object` or module classes of the same kind defining no `__init_subclass__`)."""
    if isinstance(node, DEFS):
        return node.name
    pending, seen = [node], set()
    while pending:
        cls = pending.pop()
        if id(cls) in seen:
            continue
        seen.add(id(cls))
        if cls.keywords or cls is not node and any(isinstance(member, DEFS) and member.name == "__init_subclass__"
                                                    for member in cls.body):
            return None
        for base in cls.bases:
            if type(base) is ast.Name and base.id == "object" and not scope.globals.binds("object"):
                continue
            if type(base) is not ast.Name or scope.classes.get(base.id) is None:
                return None
            pending.append(scope.classes[base.id])
    return node.name


def decorator_key(call: ast.Call, methods, own: str) -> str | None:
    """The key `@R.register("k")` files under; for a method filing under `name or obj.__name__`
    also `@R.register_module(name="k")`, and the def's own name for `@R.register_module()`."""
    named = methods.get(call.func.attr) if isinstance(methods, dict) else None
    if named == "":  # a method with no key parameter
        return own if not call.args and not call.keywords else None
    if len(call.args) == 1 and not call.keywords and _str(call.args[0]):
        return call.args[0].value or own if named else call.args[0].value
    if named is None or call.args or len(call.keywords) > 1:
        return None
    if not call.keywords:
        return own
    given = call.keywords[0]
    return (given.value.value or own) if given.arg == named and _str(given.value) else None


def _str(node: ast.expr) -> bool:
    return type(node) is ast.Constant and type(node.value) is str


def registry_aliases(scope, name: str) -> list[str]:
    """Module names bound once, at the top level, to the name `name` alone (`NECKS = MODELS`):
    other names of the one object, filled and read under the same rules."""
    cache = scope.tree.__dict__.setdefault("_shardfix_registry_aliases", {})
    if name not in cache:
        cache[name] = [stmt.targets[0].id for stmt in scope.tree.body if type(stmt) is ast.Assign
                       and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name and stmt.targets[0].id != name
                       and type(stmt.value) is ast.Name and stmt.value.id == name
                       and scope.globals.unique_value(stmt.targets[0].id) is stmt.value]
    return cache[name]



def name_fallback(slice_: ast.expr, key: str, value: str) -> bool:
    """`key or value.__name__`."""
    return type(slice_) is ast.BoolOp and type(slice_.op) is ast.Or and len(slice_.values) == 2 \
        and type(slice_.values[0]) is ast.Name and slice_.values[0].id == key \
        and type(slice_.values[1]) is ast.Attribute and slice_.values[1].attr == "__name__" \
        and type(slice_.values[1].value) is ast.Name and slice_.values[1].value.id == value


def dual_registering(method: ast.FunctionDef, attr: str | None) -> bool:
    """fvcore's `Registry.register` (Detectron2's registries), filing under the object's own name
    both as a decorator and as a call:

        def register(self, obj=None):
            if obj is None:
                def deco(func_or_class):
                    self._obj_map[func_or_class.__name__] = func_or_class
                    return func_or_class
                return deco
            self._obj_map[obj.__name__] = obj
            return obj
    """
    args = method.args
    params = positional_params(args)
    if attr is None or args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs or len(params) != 2 \
            or len(args.defaults) != 1 or type(args.defaults[0]) is not ast.Constant or args.defaults[0].value is not None \
            or len(method.body) != 3:
        return False
    receiver, obj = params[0].arg, params[1].arg
    branch, store, back = method.body
    test = branch.test if type(branch) is ast.If else None
    if not (type(test) is ast.Compare and type(test.left) is ast.Name and test.left.id == obj
            and [type(op) for op in test.ops] == [ast.Is] and type(test.comparators[0]) is ast.Constant
            and test.comparators[0].value is None and not branch.orelse and len(branch.body) == 2):
        return False
    deco, returned = branch.body
    if type(deco) is not ast.FunctionDef or deco.decorator_list or len(deco.body) != 2 \
            or type(returned) is not ast.Return or type(returned.value) is not ast.Name or returned.value.id != deco.name:
        return False
    inner = positional_params(deco.args)
    if deco.args.vararg or deco.args.kwarg or deco.args.kwonlyargs or deco.args.defaults or len(inner) != 1:
        return False
    from codemods.analysis.registering_methods import entry_store  # (it reads this module's helpers)

    filed = inner[0].arg  # both stores `self.<attr>[x.__name__] = x` (a key of None)
    return filed not in (receiver, obj) and entry_store(deco.body[0], receiver, attr, None, filed) \
        and _returns(deco.body[1], filed) and entry_store(store, receiver, attr, None, obj) and _returns(back, obj) \
        and not any(type(node) is ast.Name and node.id in (receiver, obj, filed) and not isinstance(node.ctx, ast.Load)
                    or isinstance(node, (ast.Global, ast.Nonlocal)) for node in iter_nodes(method))


def _returns(stmt: ast.stmt, name: str) -> bool:
    return type(stmt) is ast.Return and type(stmt.value) is ast.Name and stmt.value.id == name
