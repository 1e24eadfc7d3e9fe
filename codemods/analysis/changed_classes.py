"""Class attributes changed where a reading of the class statement does not look (issue 13).

Reading `Plan.AXES` as the one value the class body binds holds only while the class object is
the one that body makes and nothing sets the attribute later. Python offers other ways, each of
which a real program uses:
- `setattr(Plan, "AXES", v)`, `type.__setattr__(Plan, ...)`, `delattr`, also through a function
  handed the class (`def narrow(cls): setattr(cls, "AXES", v)`) or with the name in a variable;
- a class decorator that returns another class (`class Wrapped(cls): AXES = ...`) or rebuilds it
  (`type(name, bases, ns)`): the name `Plan` is then bound to that class;
- a metaclass whose `__new__`/`__prepare__`/`__init__` edits the namespace or the class;
- a class body that deletes a name (`del AXES` reveals a base's) or writes its namespace through
  `vars()`, `locals()` or `exec`.
`changed_attributes(tree, cls)` gives the attribute names of a module class that may hold
another value than its body binds ("*": any of them): the rules' reading (scopes.py
`class_value`) then gives no value. `rebuilt_attributes` leaves out the `setattr`/`delattr` calls, which the
interpreter's class reading (classes.py `class_attribute`, `_shadowed`) already heeds: it gives
no value for the others (`type.__setattr__` among them).
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import (
    DEFS,
    attributes_by_name,
    body_nodes,
    calls_by_callee,
    iter_nodes,
    module_parents,
    names_by_id,
    nodes_of_type,
    stored_of_type,
)
from codemods.analysis.bindings import ast_dotted

ANY = "*"
# Library decorators that hand back the class they are given (attributes unchanged or, for
# dataclasses, fields the class reading already knows).
SAME_CLASS = frozenset({"dataclass", "total_ordering", "final", "unique", "register_pytree_node_class",
                        "register_pytree_with_keys_class", "register_dataclass", "register_static", "runtime_checkable",
                        "dataclass_transform", "define", "frozen", "mutable", "s", "attrs", "verify", "struct",
                        "pytree_dataclass", "singledispatch", "lru_cache", "cache", "skip", "skipIf",
                        "skipUnless", "expectedFailure"})
# Metaclasses of the standard library that leave a class body's bindings as they are.
PLAIN_METACLASSES = frozenset({"type", "ABCMeta", "EnumMeta", "EnumType"})
_NAMESPACE_CALLS = frozenset({"vars", "locals", "exec", "eval"})
_INSTANCE_MAKERS = frozenset({"parse_args", "parse_known_args", "SimpleNamespace", "Namespace", "dict", "object",
                              "ConfigDict", "FrozenConfigDict", "OmegaConf", "create", "load", "EasyDict"})
_SETTERS = frozenset({"setattr", "delattr"})
_DUNDER_SETTERS = frozenset({"__setattr__", "__delattr__"})


def changed_attributes(tree: ast.Module, cls: ast.ClassDef) -> frozenset[str]:
    """Attributes of `cls` (a class of `tree`) that may not be what its body binds."""
    return _tables(tree)[0].get(id(cls), frozenset())


def rebuilt_attributes(tree: ast.Module, cls: ast.ClassDef) -> frozenset[str]:
    """The same but for setattr: a decorator, metaclass or class-body namespace write."""
    return _tables(tree)[1].get(id(cls), frozenset())


def rebuilt(tree: ast.Module, cls: ast.ClassDef, attr: str) -> bool:
    return changed(rebuilt_attributes(tree, cls), attr)


def changed(found: frozenset[str], attr: str) -> bool:
    return attr in found or ANY in found


def _tables(tree: ast.Module) -> tuple[dict, dict]:
    tables = getattr(tree, "_shardfix_changed_classes", None)
    if tables is None:
        tables = tree._shardfix_changed_classes = (_table(tree, _SETTERS | _DUNDER_SETTERS), _table(tree, _DUNDER_SETTERS))
    return tables


def _table(tree: ast.Module, setters: frozenset[str]) -> dict[int, frozenset[str]]:
    classes = {node.name: node for node in tree.body if type(node) is ast.ClassDef}
    functions = {node.name: node for node in tree.body if type(node) in (ast.FunctionDef, ast.AsyncFunctionDef)}
    set_on_any, set_on = _setattr_targets(tree, classes, setters)
    if _escaped_setters(tree):
        set_on_any.add(ANY)
    objects = _module_objects(tree, classes)
    own: dict[str, set[str]] = {}
    body_changes = _may_change_bodies(tree)
    for name, cls in classes.items():
        found = set(set_on_any) | set_on.get(name, set())
        for decorator in cls.decorator_list:
            if not _same_class(decorator, functions, classes, objects):
                found |= _subclass_bindings(decorator, functions)
        found |= _edited_by_metaclass(cls, classes)
        if body_changes:
            found |= _body_changes(cls)
        own[name] = found
    result: dict[int, frozenset[str]] = {}

    def resolved(name: str, seen: frozenset[str]) -> set[str]:
        cls = classes[name]
        found = set(own[name])
        for base in cls.bases:  # read through a subclass, a base's changed attribute is changed too
            if type(base) is ast.Name and base.id in classes and base.id not in seen:
                found |= resolved(base.id, seen | {base.id})
        return found

    for name, cls in classes.items():
        found = resolved(name, frozenset({name}))
        if found:
            result[id(cls)] = frozenset(found)
    return result


def _setattr_targets(tree: ast.Module, classes: dict, setters: frozenset[str]) -> tuple[set[str], dict[str, set[str]]]:
    """Attribute names set on any class (the target may be a class handed on), and on named classes."""
    on_any: set[str] = set()
    on: dict[str, set[str]] = {}
    candidates = _setter_calls(tree, setters)
    if not candidates:  # (no call below can pass the tests that follow)
        return on_any, on
    methods = {id(member) for cls in nodes_of_type(tree, ast.ClassDef) for member in cls.body}
    owner = {id(member): cls.name for cls in classes.values() for member in cls.body}
    parents = module_parents(tree)
    for call in candidates:
        scope = _own_scope(tree, call, parents)
        if scope is not None:
            func = call.func
            if type(func) is ast.Name and func.id in _SETTERS & setters and len(call.args) >= 2:
                target, name = call.args[0], call.args[1]
            elif type(func) is ast.Attribute and func.attr in _DUNDER_SETTERS and call.args:
                if type(func.value) is ast.Name and func.value.id in ("type", "object"):
                    target, name = call.args[0], call.args[1] if len(call.args) > 1 else None
                else:  # a bound `__setattr__`; `super().__setattr__` sets the instance's own
                    target, name = func.value, call.args[0]
            else:
                continue
            attr = name.value if type(name) is ast.Constant and type(name.value) is str else ANY
            if type(target) is ast.Name and target.id in classes:
                on.setdefault(target.id, set()).add(attr)
            elif id(scope) in owner and _class_receiver(scope, target):
                on.setdefault(owner[id(scope)], set()).add(attr)  # the class or a subclass of it
            elif _maybe_class(target, scope, classes, id(scope) in methods):
                on_any.add(attr)
    return on_any, on


def _setter_calls(tree: ast.Module, setters: frozenset[str]) -> list[ast.Call]:
    """The calls `_setattr_targets` reads (`setattr(t, n, ...)`, `x.__setattr__(...)`), from the
    module's index of calls by callee: it looked at every node of every scope (`body_nodes`)
    for them, a tenth of a `check` of jax's test files, which hold none."""
    by_callee = calls_by_callee(tree)
    found = [call for name in sorted(_SETTERS & setters) for call in by_callee.get(name, ())
             if type(call.func) is ast.Name and len(call.args) >= 2]
    found += [call for name in sorted(_DUNDER_SETTERS) for call in by_callee.get(name, ())
              if type(call.func) is ast.Attribute and call.args]
    return found


def _own_scope(tree: ast.Module, node: ast.AST, parents: dict[int, ast.AST]) -> ast.AST | None:
    """The scope among the module and its defs whose `body_nodes` hold `node` (a node of the
    module): its nearest enclosing def when `node` is in that def's body, the module when no def
    encloses it; None when it is in a def's decorators, defaults or annotations, which no
    scope's `body_nodes` reach."""
    child = node
    while True:
        parent = parents.get(id(child))
        if parent is None:
            return None
        if type(parent) in (ast.FunctionDef, ast.AsyncFunctionDef):
            return parent if any(statement is child for statement in parent.body) else None
        if parent is tree:
            return tree if any(statement is child for statement in tree.body) else None
        child = parent


def _escaped_setters(tree: ast.Module) -> bool:
    """Whether `setattr`/`delattr` (or a `__setattr__`) is reached other than by a call whose
    target and name the reading above sees: handed on as a value (`map(setattr, ...)`,
    `functools.partial(setattr, Plan)`), called with starred arguments (`setattr(*CHANGE)`), or an
    `exec`/`eval` text that stores an attribute (`exec("Plan.AXES = ...")`, found by
    adversarial15). Any attribute of any class may then be set."""
    cached = tree.__dict__.get("_shardfix_escaped_setters")  # (both tables ask)
    if cached is None:
        cached = tree.__dict__["_shardfix_escaped_setters"] = _escaped_setters_of(tree)
    return cached


def _escaped_setters_of(tree: ast.Module) -> bool:
    parents = module_parents(tree)
    names, attributes = names_by_id(tree), attributes_by_name(tree)
    spelled = sorted(_SETTERS | _DUNDER_SETTERS)  # (every Name and Attribute of the module was read before)
    for node in [*(node for name in spelled for node in names.get(name, ())),
                 *(node for name in spelled for node in attributes.get(name, ()))]:
        name = node.id if type(node) is ast.Name else node.attr
        if name not in _SETTERS | _DUNDER_SETTERS or not isinstance(node.ctx, ast.Load):
            continue
        call = parents.get(id(node))
        if type(call) is not ast.Call or call.func is not node or any(type(a) is ast.Starred for a in call.args) \
                or len(call.args) < (2 if type(node) is ast.Name else 1) \
                or type(node) is ast.Attribute and name in _SETTERS:
            return True
    for callee in ("exec", "eval"):
        for call in calls_by_callee(tree).get(callee, ()):
            if type(call.func) is not ast.Name:
                continue
            text = call.args[0] if call.args else None
            if type(text) is not ast.Constant or type(text.value) is not str:
                return True
            try:
                code = ast.parse(text.value, mode="exec" if callee == "exec" else "eval")
            except SyntaxError:
                continue  # (the program raises there)
            if any(type(n) in (ast.Attribute, ast.Subscript) and not isinstance(n.ctx, ast.Load)
                   or type(n) is ast.Name and n.id in _SETTERS | _DUNDER_SETTERS | _NAMESPACE_CALLS
                   or type(n) is ast.Attribute and n.attr in _DUNDER_SETTERS for n in ast.walk(code)):
                return True
    return False


def _maybe_class(target: ast.expr, scope: ast.AST, classes: dict, method: bool) -> bool:
    """Whether a setattr's target may be a class: a parameter (`def narrow(cls)`), a loop
    variable, `type(obj)`, `obj.__class__`, or a name some assignment gives a class; not the
    receiver of a plain method, `super()`, nor a name bound only to other values."""
    if type(target) is ast.Attribute:
        return target.attr == "__class__"
    if type(target) is ast.Call:
        return type(target.func) is ast.Name and target.func.id == "type"
    if type(target) is not ast.Name:
        return True
    if type(scope) is not ast.Module:
        params = [*scope.args.posonlyargs, *scope.args.args, *scope.args.kwonlyargs]
        if method and params and target.id == params[0].arg and _plain_method(scope):
            return False  # `setattr(self, k, v)`: the instance's own field
        if any(arg.arg == target.id for arg in [*params, scope.args.vararg, scope.args.kwarg] if arg is not None):
            return True
    assigned = set()  # the Name stores of plain assignments whose value is no class
    for node in body_nodes(scope, DEFS):
        if type(node) in (ast.Assign, ast.AnnAssign, ast.NamedExpr) and node.value is not None \
                and not _class_valued(node.value, classes):
            for t in node.targets if type(node) is ast.Assign else [node.target]:
                assigned.update(id(n) for n in iter_nodes(t) if type(n) is ast.Name)
    stores = [node for node in body_nodes(scope, DEFS) if type(node) is ast.Name and node.id == target.id
              and type(node.ctx) is not ast.Load]
    # A name bound only by such assignments holds no class; one bound otherwise (a loop over
    # classes, a class-valued assignment) or not at all here (a lambda's parameter, a global
    # or closure name) may.
    return not stores or any(id(node) not in assigned for node in stores)


def _class_valued(value: ast.expr, classes: dict) -> bool:
    """An assigned value that may be a class: a name, a lookup, a call of anything but a module
    class or a constructor of plain objects (`parser.parse_args()`, `SimpleNamespace()`)."""
    if type(value) is ast.Name:
        return True  # (another name: maybe a class)
    if type(value) is ast.Call:
        func = value.func
        called = func.id if type(func) is ast.Name else func.attr if type(func) is ast.Attribute else None
        return called == "type" or called not in _INSTANCE_MAKERS and not (type(func) is ast.Name and called in classes)
    if type(value) in (ast.Attribute, ast.Subscript, ast.IfExp, ast.BoolOp):
        return True
    return any(type(n) is ast.Name and n.id in classes for n in iter_nodes(value))


def _class_receiver(function: ast.AST, target: ast.expr) -> bool:
    """The first parameter of a classmethod or `__init_subclass__`: the class (or a subclass)."""
    return type(target) is ast.Name and bool(function.args.args) and target.id == function.args.args[0].arg \
        and (function.name == "__init_subclass__" or any(type(d) is ast.Name and d.id == "classmethod"
                                                          for d in function.decorator_list))


def _plain_method(function: ast.AST) -> bool:
    return not any(type(d) is ast.Name and d.id in ("classmethod", "staticmethod") for d in function.decorator_list) \
        and function.name != "__new__" and function.name != "__init_subclass__"


def _dotted(node: ast.expr) -> list[str] | None:
    name = ast_dotted(node)
    return None if name is None else name.split(".")


def _same_class(decorator: ast.expr, functions: dict, classes: dict, objects: dict) -> bool:
    """The decorator certainly hands back the class it is given."""
    called = decorator.func if type(decorator) is ast.Call else decorator
    if type(decorator) is ast.Call and _dotted(called) in (["partial"], ["functools", "partial"]):
        return bool(decorator.args) and _same_class(decorator.args[0], functions, classes, objects)
    parts = _dotted(called)
    if parts is None:
        return False
    function = functions.get(parts[0]) if len(parts) == 1 else None
    if len(parts) == 2 and parts[0] in objects:  # `@REGISTRY.register()` of a module class's object
        function = next((member for member in objects[parts[0]].body if type(member) in (
            ast.FunctionDef, ast.AsyncFunctionDef) and member.name == parts[1]), None)
        if function is None or type(decorator) is not ast.Call:
            return False
    if function is not None:
        if type(decorator) is not ast.Call:
            return _returns_its_argument(function)
        # a factory: `@register("name")` returns its inner decorator, or a library one
        inner = {node.name: node for node in iter_nodes(function) if type(node) in (ast.FunctionDef, ast.AsyncFunctionDef)}
        params = {arg.arg for arg in function.args.args[len(decorator.args) + (len(parts) == 2):]} \
            - {keyword.arg for keyword in decorator.keywords}
        returned = [node.value for node in _returns(function)]
        return bool(returned) and all(
            type(value) is ast.Name and (value.id in inner and _returns_its_argument(inner[value.id])
                                         or value.id in params)  # (`register(obj=None)`: None is no decorator)
            or type(value) is ast.Call and _same_class(value, {}, classes, {}) for value in returned)
    if len(parts) == 1 and parts[0] in classes:
        return False
    return parts[-1] in SAME_CLASS


def _module_objects(tree: ast.Module, classes: dict) -> dict[str, ast.ClassDef]:
    """Module names bound once, to an object of a module class (`REGISTRY = Registry("x")`) or to
    such a name (an alias)."""
    bound: dict[str, list] = {}
    for node in body_nodes(tree, DEFS):
        if type(node) is ast.Name and type(node.ctx) is not ast.Load:
            bound.setdefault(node.id, []).append(node)
    found = {}
    for stmt in tree.body:
        if type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name \
                and type(stmt.value) is ast.Call and type(stmt.value.func) is ast.Name \
                and stmt.value.func.id in classes and len(bound.get(stmt.targets[0].id, ())) == 1:
            found[stmt.targets[0].id] = classes[stmt.value.func.id]
        elif type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name \
                and type(stmt.value) is ast.Name and stmt.value.id in found and len(bound.get(stmt.targets[0].id, ())) == 1:
            found[stmt.targets[0].id] = found[stmt.value.id]  # (`NORMS = MODELS`: the one object again)
    return found


def _subclass_bindings(decorator: ast.expr, functions: dict) -> set[str]:
    """What a decorator that returns a subclass of the class it gets (`class Wrapped(cls): AXES =
    ...; return Wrapped`) binds in that subclass's body: the name then stands for the subclass,
    which inherits the rest. ANY for any other decorator."""
    function = functions.get(decorator.id) if type(decorator) is ast.Name else None
    if function is None or not function.args.args:
        return {ANY}
    first = function.args.args[0].arg
    inner = {node.name: node for node in function.body if type(node) is ast.ClassDef}
    returned = [r.value for r in _returns(function)]
    if not returned or not all(type(value) is ast.Name and value.id in inner for value in returned):
        return {ANY}
    found: set[str] = set()
    for value in returned:
        made = inner[value.id]
        if made.decorator_list or made.keywords or [type(b) is ast.Name and b.id for b in made.bases] != [first]:
            return {ANY}
        found |= _body_changes(made) | {name for stmt in made.body for name in _bound_names(stmt)}
    return found


def _bound_names(stmt: ast.stmt) -> set[str]:
    if type(stmt) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
        return {stmt.name}
    if type(stmt) in (ast.Import, ast.ImportFrom):
        return {(alias.asname or alias.name).split(".")[0] for alias in stmt.names}
    return {node.id for node in iter_nodes(stmt) if type(node) is ast.Name and type(node.ctx) is not ast.Load} \
        if type(stmt) in (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Delete) else {ANY}


def _returns(function: ast.AST) -> list[ast.Return]:
    """The function's own return statements (not those of functions defined in it)."""
    found, stack = [], list(function.body)
    while stack:
        node = stack.pop()
        if type(node) is ast.Return:
            found.append(node)
        elif type(node) not in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda):
            stack.extend(ast.iter_child_nodes(node))
    return found


def _returns_its_argument(function: ast.AST) -> bool:
    if not function.args.args:
        return False
    first = function.args.args[0].arg
    returned = _returns(function)
    rebound = any(type(node) is ast.Name and node.id == first and type(node.ctx) is not ast.Load
                  for node in iter_nodes(function))
    return bool(returned) and not rebound and all(type(r.value) is ast.Name and r.value.id == first for r in returned)


def _edited_by_metaclass(cls: ast.ClassDef, classes: dict) -> set[str]:
    """Attributes a metaclass of the module may set (or ANY) on the classes it makes."""
    for keyword in cls.keywords:
        if keyword.arg != "metaclass":
            continue
        parts = _dotted(keyword.value)
        if parts is None:
            return {ANY}
        if len(parts) == 1 and parts[0] in classes:
            meta = classes[parts[0]]
            if any(type(base) is not ast.Name or base.id not in PLAIN_METACLASSES for base in meta.bases):
                return {ANY}
            found: set[str] = set()
            for member in meta.body:
                if type(member) in (ast.FunctionDef, ast.AsyncFunctionDef) and member.name in (
                        "__prepare__", "__init__", "__getattr__", "__getattribute__", "__setattr__", "__call__"):
                    if member.name != "__call__":
                        return {ANY}
                elif type(member) in (ast.FunctionDef, ast.AsyncFunctionDef) and member.name == "__new__":
                    found |= _namespace_keys(member)
            return found | _meta_descriptors(meta)
        return set() if parts[-1] in PLAIN_METACLASSES else {ANY}
    return set()


_NO_DESCRIPTORS = (ast.Constant, ast.Tuple, ast.List, ast.Dict, ast.Set, ast.JoinedStr)


def _meta_descriptors(meta: ast.ClassDef) -> set[str]:
    """Names a metaclass body binds that may be data descriptors (a property, an object whose
    class has `__set__`), which win over the class's own attribute of that name; a plain def
    does not, but any other binding might."""
    found: set[str] = set()
    for member in meta.body:
        if type(member) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
            if member.decorator_list:
                found.add(member.name)
        elif type(member) in (ast.Assign, ast.AnnAssign, ast.AugAssign):
            if type(member) is not ast.AugAssign and type(member.value) in _NO_DESCRIPTORS:
                continue  # (a literal or display: no `__set__`, the class's own attribute wins)
            targets = member.targets if type(member) is ast.Assign else [member.target]
            found |= {node.id for target in targets for node in iter_nodes(target) if type(node) is ast.Name}
        elif not (type(member) is ast.Expr or type(member) is ast.Pass):
            return {ANY}  # (a binding spelled otherwise: `for`, `with`, `import`, ...)
    return found


def _namespace_keys(new: ast.FunctionDef) -> set[str]:
    """The keys a metaclass `__new__(mcs, name, bases, ns)` stores in the namespace it hands to
    `super().__new__` (`ns["AXES"] = ...`); ANY when it does anything else with it or returns
    anything but the class that call makes."""
    params = new.args.args
    if len(params) < 4 or new.args.vararg is not None:
        return {ANY}
    ns = params[3].arg
    made = [r.value for r in _returns(new)]
    if not made or not all(type(value) is ast.Call and type(value.func) is ast.Attribute
                           and value.func.attr == "__new__" for value in made):
        return {ANY}
    passed = {id(arg) for value in made for arg in value.args}
    found: set[str] = set()
    for node in iter_nodes(new):
        if type(node) is ast.Subscript and type(node.value) is ast.Name and node.value.id == ns:
            if type(node.ctx) is ast.Load:
                continue  # (a read)
            key = node.slice
            found.add(key.value if type(key) is ast.Constant and type(key.value) is str else ANY)
        elif type(node) is ast.Name and node.id == ns and id(node) not in passed and not _subscripted(new, node):
            return {ANY}
    return found


def _subscripted(root: ast.AST, name: ast.Name) -> bool:
    return any(type(node) is ast.Subscript and node.value is name for node in iter_nodes(root))


def _body_changes(cls: ast.ClassDef) -> set[str]:
    """Names the class body deletes or writes through its namespace (`vars()["AXES"] = ...`,
    `exec("AXES = ...")`); any name when it hands that namespace on."""
    found: set[str] = set()
    keyed: set[int] = set()
    stack = list(cls.body)
    nodes = []
    while stack:
        node = stack.pop()
        if type(node) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda):
            stack.extend([*node.decorator_list] if type(node) is not ast.Lambda else [])
            continue
        nodes.append(node)
        stack.extend(ast.iter_child_nodes(node))
    for node in nodes:
        if type(node) is ast.Name and type(node.ctx) is ast.Del:
            found.add(node.id)
        elif type(node) is ast.Subscript and _namespace_call(node.value):
            keyed.add(id(node.value))
            if type(node.ctx) is not ast.Load:
                key = node.slice
                found.add(key.value if type(key) is ast.Constant and type(key.value) is str else ANY)
    for node in nodes:
        if type(node) is ast.Call and type(node.func) is ast.Name and node.func.id in _NAMESPACE_CALLS:
            if node.func.id in ("exec", "eval"):
                found |= _executed_names(node)
            elif _namespace_call(node) and id(node) not in keyed:
                found.add(ANY)
    return found


def _may_change_bodies(tree: ast.Module) -> bool:
    """Whether `_body_changes` can find anything in a class of the module: each name it adds
    comes from a deleted name (`del AXES`) or a call of `vars`, `locals`, `exec` or `eval`."""
    names = names_by_id(tree)
    return any(name in names for name in _NAMESPACE_CALLS) \
        or any(type(node.ctx) is ast.Del for node in stored_of_type(tree, ast.Name))


def _namespace_call(node: ast.expr) -> bool:
    """`vars()` or `locals()`: in a class body, the namespace the class is made from."""
    return type(node) is ast.Call and type(node.func) is ast.Name and node.func.id in ("vars", "locals") \
        and not node.args and not node.keywords


def _executed_names(call: ast.Call) -> set[str]:
    """Names a literal `exec`/`eval` text binds or deletes; ANY for any other text."""
    if len(call.args) != 1 or call.keywords or type(call.args[0]) is not ast.Constant \
            or type(call.args[0].value) is not str:
        return {ANY}
    try:
        code = ast.parse(call.args[0].value, mode="exec" if call.func.id == "exec" else "eval")
    except SyntaxError:
        return set()  # (the program raises there)
    found: set[str] = set()
    for node in ast.walk(code):
        if type(node) is ast.Name and type(node.ctx) is not ast.Load:
            found.add(node.id)
        elif type(node) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
            found.add(node.name)
        elif type(node) in (ast.Import, ast.ImportFrom, ast.Global, ast.Nonlocal) or _namespace_call(node) \
                or type(node) is ast.Call and type(node.func) is ast.Name and node.func.id in _NAMESPACE_CALLS:
            return {ANY}
    return found
