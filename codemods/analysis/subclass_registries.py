"""Registries a base class fills as it is extended (issue 13): `class Quantizer: registry = {}`
with `def __init_subclass__(cls, **kw): ...; Quantizer.registry[cls.kind] = cls`, read as
`Quantizer.registry[kind](n_codes=16)`.

Python runs `__init_subclass__` for every subclass as its class statement runs, so the table can
only hold subclasses of the base; the module's own subclasses are then a superset of what it holds,
provided no code can make another one (`type(name, (Quantizer,), ...)`, a base spelled through
an alias) and no code reads or changes the table other than through such a call. A condition
around the filing (`if cls.kind:`) only leaves some subclasses out: the superset still holds.
"""
from __future__ import annotations

import ast

from codemods.analysis.hook_marks import filing_hook, hook_class_tables
from codemods.analysis.nodes import DEFS, module_parents, nodes_of_type, positional_params
from codemods.analysis.scopes import method_kind


def subclass_registry(scope, owner: str, attr: str) -> tuple[list[ast.ClassDef], list[ast.Call]] | None:
    """(the module classes `owner.attr` may hold, the calls `X.attr[key](...)` that build one of
    them) when `owner.attr` is such a registry; None otherwise."""
    cache = scope.tree.__dict__.setdefault("_shardfix_subclass_registries", {})
    if (owner, attr) not in cache:
        cache[(owner, attr)] = _registry(scope, owner, attr)
    return cache[(owner, attr)]


def registry_read(scope, receiver: str, attr: str) -> tuple[list[ast.ClassDef], list[ast.Call]] | None:
    """`subclass_registry` of the class `receiver.attr` finds the table on: `receiver` itself or
    the module base above it that declares the table (`ProductQuantizer.registry[kind]`)."""
    cls = scope.classes.get(receiver)
    for klass in [cls] + _ancestors(scope, cls) if cls is not None else ():
        if _hook(klass) is not None and attr in (_filed_tables(klass, _hook(klass)) or ()):
            return subclass_registry(scope, klass.name, attr)
    return None


def registries_holding(scope, cls: ast.ClassDef) -> list[tuple[list[ast.ClassDef], list[ast.Call]]] | None:
    """The subclass registries of the module that may hold `cls`; None when a base of `cls`
    files its subclasses somewhere the analysis cannot follow (they may be built from there)."""
    found = []
    for base in _ancestors(scope, cls):
        hook = _hook(base)
        if hook is None:
            continue
        tables = _filed_tables(base, hook)
        if tables is None:
            return None
        for attr in tables:
            registry = subclass_registry(scope, base.name, attr)
            if registry is None:
                return None
            found.append(registry)
    return found


def _registry(scope, owner: str, attr: str):
    base = scope.classes.get(owner)
    hook = _hook(base) if base is not None else None
    if hook is None or attr not in (_filed_tables(base, hook) or ()):
        return None
    declared = [stmt for stmt in base.body if attr in _targets(stmt)]
    if len(declared) != 1 or type(declared[0]) is not ast.Assign or type(declared[0].value) is not ast.Dict \
            or declared[0].value.keys:
        return None  # the table starts empty in the base's body, bound once there
    family = {owner} | {cls.name for cls in scope.classes.values() if base in _ancestors(scope, cls)}
    held = [scope.classes[name] for name in sorted(family - {owner})]
    if any(attr in _targets(stmt) for name in family - {owner} for stmt in scope.classes[name].body):
        return None  # a subclass's own table hides the base's
    if not _no_hidden_subclasses(scope, owner):
        return None
    parents = module_parents(scope.tree)
    filing = {id(node) for node in ast.walk(hook)}
    calls = []
    for node in nodes_of_type(scope.tree, ast.Attribute):
        if node.attr != attr or id(node) in filing:
            continue
        if type(node.value) is not ast.Name or node.value.id not in family \
                and class_receiver(scope, node.value, parents) not in family:
            return None  # `self.registry`, `other.registry`: read where the analysis cannot say whose
        call = _picked_call(node, parents)
        if call is None:
            return None
        calls.append(call)
    return held, calls


def class_receiver(scope, name: ast.Name, parents) -> str | None:
    """The module class whose `cls` `name` is, where `name` is the first parameter of a
    `@classmethod` of it that nothing rebinds: `cls.registry[name](...)` in `from_name` reads the
    table of that class or of a subclass (which, as `_registry` checks, declares none of its own)."""
    node = parents.get(id(name))
    while node is not None and not isinstance(node, (*DEFS, ast.Lambda, ast.ClassDef)):
        node = parents.get(id(node))
    if type(node) is not ast.FunctionDef or method_kind(node) != "class":
        return None
    owner = parents.get(id(node))
    params = positional_params(node.args)
    if type(owner) is not ast.ClassDef or scope.classes.get(owner.name) is not owner or not params \
            or params[0].arg != name.id:
        return None
    for inner in ast.walk(node):
        if type(inner) is ast.Name and inner.id == name.id and type(inner.ctx) is not ast.Load \
                or type(inner) is ast.arg and inner.arg == name.id and inner is not params[0] \
                or isinstance(inner, (ast.Global, ast.Nonlocal)) and name.id in inner.names:
            return None
    return owner.name


def _hook(cls: ast.ClassDef) -> ast.FunctionDef | None:
    hooks = [stmt for stmt in cls.body if isinstance(stmt, DEFS) and stmt.name == "__init_subclass__"]
    return hooks[0] if len(hooks) == 1 and type(hooks[0]) is ast.FunctionDef and not hooks[0].decorator_list else None


def _filed_tables(base: ast.ClassDef, hook: ast.FunctionDef) -> set[str] | None:
    """The class attributes the hook files the new class in, when all it does is that (and call the
    base's hook): `Base.table[key] = cls` or `cls.table[key] = cls`, maybe under an `if` whose test
    calls nothing; None when it does anything else."""
    if filing_hook(base):  # the hook may file in module tables too, and take keywords (filing_hooks.py)
        return hook_class_tables(base)
    params = positional_params(hook.args)
    if len(params) != 1:
        return None
    cls = params[0].arg
    tables: set[str] = set()

    def read(statements, depth=0) -> bool:
        for stmt in statements:
            if type(stmt) is ast.Expr and _super_hook(stmt.value):
                continue
            if type(stmt) is ast.If and not stmt.orelse and depth < 3 \
                    and not any(type(node) in (ast.Call, ast.NamedExpr) for node in ast.walk(stmt.test)):
                if not read(stmt.body, depth + 1):
                    return False
                continue
            if type(stmt) is not ast.Assign or len(stmt.targets) != 1 or type(stmt.value) is not ast.Name \
                    or stmt.value.id != cls:
                return False
            target = stmt.targets[0]
            table = target.value if type(target) is ast.Subscript else None
            if type(table) is not ast.Attribute or type(table.value) is not ast.Name \
                    or table.value.id not in (cls, base.name) \
                    or any(type(node) in (ast.Call, ast.NamedExpr) for node in ast.walk(target.slice)):
                return False
            tables.add(table.attr)
        return True

    return tables if read(hook.body) else None


def _super_hook(expr: ast.expr) -> bool:
    """`super().__init_subclass__(**kwargs)`."""
    return type(expr) is ast.Call and type(expr.func) is ast.Attribute and expr.func.attr == "__init_subclass__" \
        and type(expr.func.value) is ast.Call and type(expr.func.value.func) is ast.Name \
        and expr.func.value.func.id == "super" and not expr.func.value.args


def _ancestors(scope, cls: ast.ClassDef, depth: int = 0) -> list[ast.ClassDef]:
    """The module classes `cls` extends, through bases named plainly."""
    found = []
    for base in cls.bases:
        if type(base) is ast.Name and base.id in scope.classes and depth < 8:
            parent = scope.classes[base.id]
            found += [parent] + _ancestors(scope, parent, depth + 1)
    return found


def _no_hidden_subclasses(scope, owner: str) -> bool:
    """The base's name is read only as a base, a receiver (`Base.table`) or a constructor: no
    alias or `type(...)` can make a subclass the module's class statements do not show."""
    parents = module_parents(scope.tree)
    bases = {id(base) for cls in scope.classes.values() for base in cls.bases}
    for node in nodes_of_type(scope.tree, ast.Name):
        if node.id != owner or type(node.ctx) is not ast.Load or id(node) in bases:
            continue
        parent = parents.get(id(node))
        if not (type(parent) is ast.Attribute and parent.value is node
                or type(parent) is ast.Call and parent.func is node):
            return False
    return not any(type(node) is ast.Name and node.id == owner and type(node.ctx) is not ast.Load
                   for node in nodes_of_type(scope.tree, ast.Name))


def _picked_call(node: ast.Attribute, parents) -> ast.Call | None:
    """The call `X.table[key](...)` or `X.table.get(key)(...)` that `node` is read for."""
    parent = parents.get(id(node))
    if type(parent) is ast.Subscript and parent.value is node and type(parent.ctx) is ast.Load \
            and type(parent.slice) is not ast.Slice:
        picked = parent
    elif type(parent) is ast.Attribute and parent.attr == "get" and parent.value is node:
        picked = parents.get(id(parent))
        if type(picked) is not ast.Call or picked.func is not parent or len(picked.args) != 1 or picked.keywords:
            return None
    else:
        return None
    call = parents.get(id(picked))
    return call if type(call) is ast.Call and call.func is picked else None


def _targets(stmt: ast.stmt) -> set[str]:
    if type(stmt) is ast.Assign:
        return {target.id for target in stmt.targets if type(target) is ast.Name}
    if type(stmt) in (ast.AnnAssign, ast.AugAssign) and type(stmt.target) is ast.Name:
        return {stmt.target.id}
    if isinstance(stmt, DEFS) or type(stmt) is ast.ClassDef:
        return {stmt.name}
    return set()
