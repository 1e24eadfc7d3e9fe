"""Base classes whose `__init_subclass__` only files each new subclass (issue 13): a plugin
table written as

    QUERIES = {}

    class Query:
        def __init_subclass__(cls, key=None, **kw):
            super().__init_subclass__(**kw)
            QUERIES[key] = cls

    class BallQuery(Query, key="ball"): ...

Python runs the hook once as each subclass statement runs. When all the hook does is put the
class into a dict or list (`TABLE[key] = cls`, `Base.table[key] = cls`, `TABLE.append(cls)`),
call the base's hook, or set a constant attribute that nothing in the module reads, the classes
are what their bodies say: their methods, class attributes and constructors are followed as for
a class with no hook (hook_marks.py carries the verdict to those readers). Anything else the
hook could do (store a value of a keyword on the class, `setattr`, wrap a method, fill a
container whose `__setitem__` is user code, a metaclass next to it) keeps every class of the
family opaque.

The container must be a dict (or list) display bound once: a module name bound before the class
statement, or a class attribute bound in the hook's class body and nowhere else. Every value the
hook reads is a constant: its parameters (class keywords, or the defaults when none is given)
and class attributes each subclass finds bound to a constant in the class bodies up its chain
(`cls.name`), or `cls.__name__`. Each subclass must give only keywords the hook names (the rest
would reach `object.__init_subclass__`, which refuses them).

`hook_filings` then says under which key each class is filed in a module table, for the readers
of such tables (class_registries.py), with None for a key the analysis cannot compute.
"""
from __future__ import annotations

import ast

from codemods.analysis.hook_marks import filing_hook, set_marks
from codemods.analysis.nodes import nodes_of_type, positional_params
from codemods.analysis.object_methods import class_bindings, own_bases
from codemods.analysis.scopes import ModuleScope
from codemods.analysis.subclass_registries import _no_hidden_subclasses

_HOOK = "__init_subclass__"
_MAX_DEPTH = 8
_TEST_NODES = (ast.Constant, ast.Compare, ast.BoolOp, ast.UnaryOp, ast.Tuple, ast.Load, ast.And, ast.Or, ast.Not,
               ast.Eq, ast.NotEq, ast.Is, ast.IsNot, ast.In, ast.NotIn)
_UNKNOWN_KEY = object()


class _Filing:
    """One `TABLE[key] = cls` (key None: `TABLE.append(cls)`) of a hook; `container` is the
    Name (module table) or Attribute (class table) node the hook stores through."""

    def __init__(self, container: ast.expr, key: ast.expr | None) -> None:
        self.container = container
        self.key = key


def mark_filing_hooks(scope: ModuleScope) -> None:
    """Mark each module class whose hook only files (and the subclasses whose class keywords
    only such a hook takes), once per module."""
    if getattr(scope.tree, "_shardfix_hooks_marked", False):
        return
    scope.tree._shardfix_hooks_marked = True
    if not any(class_bindings(cls).binds(_HOOK) for cls in scope.classes.values()):
        return
    memo: dict[int, bool] = {}
    neutral = [cls for cls in scope.classes.values() if _neutral(scope, cls, memo)]
    keyworded = [cls for cls in nodes_of_type(scope.tree, ast.ClassDef) if cls.keywords
                 and (hook := _nearest_hook(scope, cls)) is not None and memo.get(id(hook), False)]
    set_marks(neutral, keyworded)


def hook_filings(scope: ModuleScope, cls: ast.ClassDef) -> list[tuple[str, object, ast.Name]] | None:
    """(module table name, the key `cls` is filed under or None when unknown, the hook's Name
    node of the table) for each module table a hook files `cls` in as its statement runs; None
    when a hook runs for it that does more than file."""
    found = []
    owner = _nearest_hook(scope, cls)
    depth = 0
    while owner is not None and depth < _MAX_DEPTH:
        if not filing_hook(owner):
            return None
        filings, _ = _read_hook(scope, owner)
        params = _param_values(_hook_def(owner), cls.keywords if depth == 0 else [])  # `**kw` passed on is empty
        for filing in filings:
            if type(filing.container) is ast.Name:
                key = _key_value(scope, filing.key, cls, params) if filing.key is not None else _UNKNOWN_KEY
                found.append((filing.container.id, None if key is _UNKNOWN_KEY else key, filing.container))
        if not _calls_super(_hook_def(owner)):
            break
        owner, depth = _nearest_hook(scope, owner), depth + 1
    return found


def _neutral(scope: ModuleScope, owner: ast.ClassDef, memo: dict[int, bool]) -> bool:
    if id(owner) not in memo:
        memo[id(owner)] = False  # a cycle of bases is never neutral
        memo[id(owner)] = _check(scope, owner, memo)
    return memo[id(owner)]


def _check(scope: ModuleScope, owner: ast.ClassDef, memo: dict[int, bool]) -> bool:
    hook = _hook_def(owner)
    if hook is not None and hook.decorator_list and (scope.globals.binds("classmethod") or "classmethod" in scope.imports.bindings):
        return False  # a module's own `classmethod`
    if hook is None or _HOOK in scope.stored_attributes or any(k.arg in ("metaclass", None) for k in owner.keywords):
        return False
    ancestors = _ancestors(scope, owner)
    if ancestors is None or any(class_bindings(base).binds(_HOOK) and not _neutral(scope, base, memo)
                                for base in ancestors):
        return False
    read = _read_hook(scope, owner)
    if read is None:
        return False
    filings, reads = read
    family = _family(scope, owner)
    if family is None:
        return False
    for sub in family[1:]:
        if any(k.arg in ("metaclass", None) for k in sub.keywords) or _ancestors(scope, sub) is None:
            return False  # a metaclass may change the class; a base the search cannot follow
        keywords = sub.keywords if _nearest_hook(scope, sub) is owner else []  # else reached by `super()`
        if _param_values(hook, keywords) is None or any(_class_constant(scope, sub, attr) is None for attr in reads):
            return False
    return True


def _family(scope: ModuleScope, owner: ast.ClassDef) -> list[ast.ClassDef] | None:
    """`owner` and every class statement of the module naming it or one of those as a base
    (mixins too); None when a name of theirs is bound to another name (`Alias = Query`) or
    handed to `type(...)`, which could make a subclass no statement shows."""
    classes = list(nodes_of_type(scope.tree, ast.ClassDef))
    family, names = [owner], {owner.name}
    grew = True
    while grew and len(family) <= 4 * _MAX_DEPTH:
        grew = False
        for cls in classes:
            if cls not in family and any(type(node) is ast.Name and node.id in names
                                         for base in cls.bases for node in ast.walk(base)):
                family.append(cls)
                names.add(cls.name)
                grew = True
    if grew:
        return None
    for node in nodes_of_type(scope.tree, ast.Assign):
        if type(node.value) is ast.Name and node.value.id in names:
            return None
    for node in nodes_of_type(scope.tree, ast.Call):
        if type(node.func) is ast.Name and node.func.id == "type" and len(node.args) > 1 \
                and any(type(item) is ast.Name and item.id in names for item in ast.walk(node.args[1])):
            return None
    return family


def _hook_def(cls: ast.ClassDef) -> ast.FunctionDef | None:
    bindings = class_bindings(cls)
    hook = bindings.unique_function(_HOOK)
    if type(hook) is not ast.FunctionDef or not all(type(d) is ast.Name and d.id == "classmethod" for d in hook.decorator_list) \
            or len(hook.decorator_list) > 1 or hook.args.posonlyargs or hook.args.vararg \
            or len(positional_params(hook.args)) < 1:
        return None
    defaults = [d for d in hook.args.defaults + hook.args.kw_defaults if d is not None]
    return hook if all(type(d) is ast.Constant for d in defaults) else None


def _read_hook(scope: ModuleScope, owner: ast.ClassDef):
    """(filings, the attributes of the new class the hook reads) when each statement of the hook
    only files the class, calls the base's hook or sets an unread constant; None otherwise."""
    if not hasattr(owner, "_shardfix_hook_read"):
        owner._shardfix_hook_read = _statements(scope, owner, _hook_def(owner))
    return owner._shardfix_hook_read


def _statements(scope: ModuleScope, owner: ast.ClassDef, hook: ast.FunctionDef | None):
    if hook is None:
        return None
    params = [p.arg for p in positional_params(hook.args) + hook.args.kwonlyargs]
    cls, kwarg = params[0], hook.args.kwarg.arg if hook.args.kwarg is not None else None
    filings: list[_Filing] = []
    reads: set[str] = set()

    def plain(expr: ast.expr) -> bool:
        for node in ast.walk(expr):
            if type(node) is ast.Name:
                if node.id not in params or type(node.ctx) is not ast.Load:
                    return False
            elif type(node) is ast.Attribute:
                if type(node.value) is not ast.Name or node.value.id != cls or type(node.ctx) is not ast.Load:
                    return False
                if node.attr != "__name__":
                    reads.add(node.attr)
            elif not isinstance(node, _TEST_NODES):
                return False
        return True

    def block(statements, depth=0) -> bool:
        for stmt in statements:
            if type(stmt) is ast.Expr and type(stmt.value) is ast.Constant or type(stmt) is ast.Pass:
                continue
            if type(stmt) is ast.Expr and _super_hook(stmt.value, kwarg):
                continue
            if type(stmt) is ast.If and depth < 3 and plain(stmt.test):
                if block(stmt.body, depth + 1) and block(stmt.orelse, depth + 1):
                    continue
                return False
            filing = _filing(scope, owner, stmt, cls, params)
            if filing is not None and (filing.key is None or plain(filing.key)):
                filings.append(filing)
                continue
            if not _unread_constant(scope, stmt, cls):
                return False
        return True

    return (filings, reads) if block(hook.body) else None


def _filing(scope: ModuleScope, owner: ast.ClassDef, stmt: ast.stmt, cls: str, params: list[str]) -> _Filing | None:
    if type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Subscript \
            and type(stmt.value) is ast.Name and stmt.value.id == cls \
            and type(stmt.targets[0].slice) is not ast.Slice:
        container, key, display = stmt.targets[0].value, stmt.targets[0].slice, ast.Dict
    elif type(stmt) is ast.Expr and type(stmt.value) is ast.Call and type(stmt.value.func) is ast.Attribute \
            and stmt.value.func.attr == "append" and len(stmt.value.args) == 1 and not stmt.value.keywords \
            and type(stmt.value.args[0]) is ast.Name and stmt.value.args[0].id == cls:
        container, key, display = stmt.value.func.value, None, ast.List
    else:
        return None
    if type(container) is ast.Name and container.id not in params and _module_table(scope, owner, container.id, display):
        return _Filing(container, key)
    if type(container) is ast.Attribute and type(container.value) is ast.Name \
            and container.value.id in (cls, owner.name) and _class_table(scope, owner, container.attr, display):
        return _Filing(container, key)
    return None


def _module_table(scope: ModuleScope, owner: ast.ClassDef, name: str, display: type) -> bool:
    """`QUERIES = {}` bound once at module level, above the class, and never through `global`."""
    value = scope.globals.unique_value(name)
    if type(value) is not display or value.lineno > owner.lineno:
        return False
    return not any(type(node) is ast.Global and name in node.names for node in nodes_of_type(scope.tree, ast.Global))


def _class_table(scope: ModuleScope, owner: ast.ClassDef, attr: str, display: type) -> bool:
    """`registry = {}` in the hook's class body only, never stored through an object."""
    bound = [stmt for stmt in owner.body if type(stmt) is ast.Assign
             and any(type(t) is ast.Name and t.id == attr for t in stmt.targets)]
    if len(bound) != 1 or len(bound[0].targets) != 1 or type(bound[0].value) is not display \
            or attr in scope.stored_attributes or not class_bindings(owner).binds(attr):
        return False
    return not any(other is not owner and class_bindings(other).binds(attr)
                   for other in nodes_of_type(scope.tree, ast.ClassDef))


def _unread_constant(scope: ModuleScope, stmt: ast.stmt, cls: str) -> bool:
    """`cls._registered = True`, where no other code of the module names `_registered`."""
    if type(stmt) is not ast.Assign or len(stmt.targets) != 1 or type(stmt.value) is not ast.Constant:
        return False
    target = stmt.targets[0]
    if type(target) is not ast.Attribute or type(target.value) is not ast.Name or target.value.id != cls \
            or target.attr.startswith("__"):
        return False
    named = sum(1 for node in nodes_of_type(scope.tree, ast.Attribute) if node.attr == target.attr)
    spelled = any(node.value == target.attr for node in nodes_of_type(scope.tree, ast.Constant))
    return named == 1 and not spelled and target.attr not in {n.id for n in nodes_of_type(scope.tree, ast.Name)}


def _super_hook(expr: ast.expr, kwarg: str | None) -> bool:
    """`super().__init_subclass__()` or `super().__init_subclass__(**kw)` of the hook's own `**kw`."""
    if type(expr) is not ast.Call or type(expr.func) is not ast.Attribute or expr.func.attr != _HOOK \
            or type(expr.func.value) is not ast.Call or type(expr.func.value.func) is not ast.Name \
            or expr.func.value.func.id != "super" or expr.func.value.args or expr.func.value.keywords or expr.args:
        return False
    return all(k.arg is None and type(k.value) is ast.Name and k.value.id == kwarg for k in expr.keywords) \
        and len(expr.keywords) <= 1


def _calls_super(hook: ast.FunctionDef) -> bool:
    return any(type(node) is ast.Attribute and node.attr == _HOOK for node in ast.walk(hook))


def _param_values(hook: ast.FunctionDef, keywords: list[ast.keyword]) -> dict[str, object] | None:
    """The constant each hook parameter gets from the class keywords; None when a keyword is
    not a constant or not a parameter of the hook, or a parameter gets no value."""
    given = {}
    for keyword in keywords:
        if keyword.arg is None or type(keyword.value) is not ast.Constant:
            return None
        given[keyword.arg] = keyword.value.value
    args = hook.args
    positional = positional_params(args)[1:]
    defaults = dict(zip([p.arg for p in positional[len(positional) - len(args.defaults):]], args.defaults))
    defaults.update({p.arg: d for p, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None})
    names = [p.arg for p in positional + args.kwonlyargs]
    if set(given) - set(names):
        return None
    values = {}
    for name in names:
        if name in given:
            values[name] = given[name]
        elif name in defaults:
            values[name] = defaults[name].value
        else:
            return None
    return values


def _key_value(scope: ModuleScope, key: ast.expr, cls: ast.ClassDef, params: dict | None) -> object:
    if type(key) is ast.Constant:
        return key.value
    if type(key) is ast.Name and params is not None and key.id in params:
        return params[key.id]
    if type(key) is ast.Attribute and type(key.value) is ast.Name:
        if key.attr == "__name__":
            return cls.name if scope.classes.get(cls.name) is cls else _UNKNOWN_KEY
        value = _class_constant(scope, cls, key.attr)
        return value.value if value is not None else _UNKNOWN_KEY
    return _UNKNOWN_KEY


def _class_constant(scope: ModuleScope, cls: ast.ClassDef, attr: str) -> ast.Constant | None:
    """The constant `cls.attr` finds in the class bodies up its chain of module classes."""
    if attr in scope.stored_attributes or attr.startswith("__"):
        return None
    for klass in [cls] + (_ancestors(scope, cls) or [None]):
        if klass is None:
            return None
        bindings = class_bindings(klass)
        if bindings.binds(attr):
            value = bindings.unique_value(attr)
            return value if type(value) is ast.Constant else None
    return None


def _ancestors(scope: ModuleScope, cls: ast.ClassDef) -> list[ast.ClassDef] | None:
    """The module classes above `cls`, each with one base; None when the chain leaves them."""
    found = []
    for _ in range(_MAX_DEPTH):
        bases = own_bases(cls)
        if not bases:
            return found
        if len(bases) != 1 or type(bases[0]) is not ast.Name or bases[0].id not in scope.classes:
            return None
        cls = scope.classes[bases[0].id]
        if cls in found or any(k.arg in ("metaclass", None) for k in cls.keywords):
            return None
        found.append(cls)
    return None


def _nearest_hook(scope: ModuleScope, cls: ast.ClassDef) -> ast.ClassDef | None:
    """The class whose `__init_subclass__` runs as `cls`'s statement runs (the first base up the
    chain binding one), None when there is none or the chain is not followed."""
    for base in _ancestors(scope, cls) or ():
        if class_bindings(base).binds(_HOOK):
            return base
    return None


def all_filed_shown(scope: ModuleScope, table: str) -> bool:
    """Every class a hook may file in the module table `table` is a module class: each subclass
    of the hook's class is written at module level under its own name, and no name of the family
    is read other than as a base, a receiver or a constructor (no alias, no `type(...)`)."""
    owners = [cls for cls in scope.classes.values() if filing_hook(cls)
              and any(type(f.container) is ast.Name and f.container.id == table for f in _read_hook(scope, cls)[0])]
    for owner in owners:
        family = _family(scope, owner)
        if family is None or any(scope.classes.get(cls.name) is not cls for cls in family) \
                or not all(_no_hidden_subclasses(scope, cls.name) for cls in family):
            return False
    return True
