"""Registry objects the module fills as it loads (issue 13): a `dict` subclass of the file with a
registering method,

    class Registry(dict):
        def register(self, name, fn=None):
            if fn is None:
                return lambda f: self.register(name, f)
            self[name] = fn
            return fn

    REDUCERS = Registry()
    REDUCERS.register("max", jax.lax.pmax)

    @REDUCERS.register("clipped")
    def clipped(x, axis): ...

read in functions as `REDUCERS[name]` or `REDUCERS.get(name)`. Such a name is read as the dict of
its entries when every fact below holds, so that no code can hold or change the object but the
filling statements, and every read runs after the last of them:
- the class is a module class, undecorated, with no keywords, extending `dict` alone, extended
  by no class, and binds no dunder (`__getitem__`, `__missing__`, `__init__`...) nor any name
  of a dict method;
- its registering method is exactly the form above (the `if fn is None` line optional, guards
  that only raise allowed before the store, the store `self[name] = fn` then `return fn`);
  the method's name is read nowhere but in the filling statements and its own lambda;
- the name is bound once in the module, at its top level, by `Registry()` with no argument,
  bound by no function (no parameter or local of that name anywhere);
- each filling statement is a top-level statement after the binding: `R.register("k", expr)`,
  or a def or class whose only decorator is `@R.register("k")`; keys are distinct str literals;
  no other top-level statement between the binding and the last filling statement calls
  anything (a call might run code reading the half-filled registry) outside def bodies;
- every other read of the name is inside a function: `R[key]` or `R.get(key)` loads.

A class of no base that keeps its entries in a field works the same way (mmdet- or
fairseq-like registries):

    class Registry:
        def __init__(self, name):
            self.name = name
            self._entries = {}

        def register(self, key):
            def deco(cls):
                if key in self._entries:
                    raise KeyError(key)
                self._entries[key] = cls
                return cls
            return deco

        def build(self, spec):
            spec = dict(spec)
            return self._entries[spec.pop("type")](**spec)

`__init__` stores `self._entries = {}` at its top level, the module's only store of that
attribute; the registering methods store `self._entries[key] = ...` (or return the decorator
that does); every other method only reads: `self` read only as `self.attr`, nothing stored
through it, `self._entries` read only as an item (`self._entries[k]`, `k in self._entries`,
`self._entries.get(k)`). The name is then also read as `R.build(...)`, a call of such a method.
The object holds the entries under the key `+_entries`, which no construction sets
(registry_field reads it). A class the registry files is decorated by `@R.register("k")`
alone, which returns it as written (user_decorators.files_class); its constructions are the
calls `self._entries[...](...)` in the registry's methods (registry_constructions). The
registering methods' forms are recognised in registering_methods.py.
"""
from __future__ import annotations

import ast

from codemods.analysis.mutation import MUTATORS
from codemods.analysis.registering_methods import registering_methods, registering_names
from codemods.analysis.registry_params import (decorator_key, display_call, getter_constructions, getter_names,
                                               handed_param, own_name, registry_aliases, sibling_fills)
from codemods.analysis.nodes import DEFS, iter_nodes, iter_with_scopes, module_parents, positional_params
from codemods.analysis.scopes import method_kind
from codemods.analysis.values import ClassValue, DictValue, Function, Instance, Value

_DICT_NAMES = frozenset(dir(dict))


def registry_object(interp, name: str, frame, value: Value) -> Value | None:
    """The registry object module name `name` holds, filled (None: not such an object)."""
    if not isinstance(value, Instance) or value.fields is None or value.building \
            or any(interp.scope.locals_of(scope).binds(name) for scope in frame.static_scopes or ()):
        return None
    found = registry_entries(interp.scope, name)
    if found is None or found[0] is not value.cls:
        return None
    for _, node in found[2]:
        if isinstance(node, DEFS):
            interp._note_parent(node, None)
    table = DictValue(tuple(key for key, _ in found[2]), tuple(_entry_value(interp, node) for _, node in found[2]))
    if found[1] is None:
        return table
    return Instance(value.cls, tuple(sorted(dict(value.fields, **{"+" + found[1]: table}).items())))


def registry_field(interp, receiver: Instance, attr: str) -> Value | None:
    """The entries a filled registry object holds in its field `attr` (registry_object)."""
    if receiver.fields is None or receiver.building:
        return None
    held = dict(receiver.fields).get("+" + attr)
    if held is None or _registry_class(interp.scope, receiver.cls) != attr:
        return None
    return held


def registry_entries(scope, name: str):
    """(the class, its entries' field or None for a dict subclass, [(key, entry)]) of the
    registry object module name `name` holds; None when it is not one."""
    cache = scope.tree.__dict__.setdefault("_shardfix_registry_objects", {})
    if name not in cache:
        made = scope.globals.unique_value(name)
        cls = scope.classes.get(made.func.id) if type(made) is ast.Call and type(made.func) is ast.Name else None
        cache[name] = None
        if cls is not None and (attr := _registry_class(scope, cls)) is not False:
            entries = _entries(scope, name, cls, attr)
            cache[name] = (cls, attr, entries) if entries is not None else None
        elif type(made) is ast.Name and made.id != name and name in registry_aliases(scope, made.id):
            cache[name] = registry_entries(scope, made.id)  # `NECKS = MODELS`: the one object
    return cache[name]


def filed_by_registry(scope, decorator: ast.expr) -> bool:
    """`@R.register("k")` over a class: files it in a registry object, which returns it as written."""
    return type(decorator) is ast.Call and type(decorator.func) is ast.Attribute \
        and type(decorator.func.value) is ast.Name and registry_entries(scope, decorator.func.value.id) is not None


def filed_classes(scope) -> list[tuple[ast.ClassDef, str, ast.ClassDef]]:
    """(the registry's class, its entries' field, a class filed there) for every registry object."""
    found = []
    for stmt in scope.tree.body:
        if type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name \
                and type(stmt.value) is not ast.Name:  # (an alias names an object already listed)
            entries = registry_entries(scope, stmt.targets[0].id)
            if entries is not None:
                found.extend((entries[0], entries[1], node) for _, node in entries[2] if type(node) is ast.ClassDef)
    return found


def filed_def(scope, function: ast.AST) -> bool:
    """A def some registry object files: any read of the object may run it (its verdicts are
    not judged closed)."""
    if not isinstance(function, DEFS) or not function.decorator_list:
        return False
    return any(filed_by_registry(scope, decorator) for decorator in function.decorator_list)


def object_constructions(scope, cls: ast.ClassDef) -> list[ast.Call] | None:
    """The calls that build `cls` through the registry objects filing it: `self._entries[k](...)`
    in the registry class's methods, `R[k](...)` / `R.get(k)(...)` of a dict subclass; None when
    an entry read is not called at once (it may be built anywhere)."""
    calls: list[ast.Call] = []
    parents = None
    for registry, attr, filed in filed_classes(scope):
        if filed is not cls:
            continue
        parents = parents or module_parents(scope.tree)
        getters = getter_names(registry, attr) if attr is not None else set()
        if getters:
            got = getter_constructions(scope, registry, getters, cls)  # `R.get(key)(...)` (registry_params.py)
            if got is None:
                return None
            calls.extend(call for call in got if all(call is not seen for seen in calls))
        for read in _entry_reads(scope, registry, attr):
            holder = parents.get(id(read))
            if type(holder) is ast.Compare or type(holder) is ast.Subscript and not isinstance(holder.ctx, ast.Load):
                continue  # `key in self._entries`, the registering store: build nothing
            if type(holder) is ast.Subscript and type(parents.get(id(holder))) is ast.Return \
                    and _enclosing_method(registry, read) in getters:
                continue  # a getter's return: its callers build (above)
            call = parents.get(id(parents.get(id(read)))) if type(parents.get(id(read))) is ast.Attribute else None
            item = parents.get(id(read))
            picked = call if type(call) is ast.Call and call.func is item and item.attr == "get" else item
            built = parents.get(id(picked))
            if type(picked) not in (ast.Subscript, ast.Call) or type(built) is not ast.Call or built.func is not picked:
                return None
            calls.append(built)
    return calls


def _enclosing_method(cls: ast.ClassDef, node: ast.AST) -> str | None:
    return next((member.name for member in cls.body if isinstance(member, DEFS)
                 and any(inner is node for inner in iter_nodes(member))), None)


def _entry_reads(scope, registry: ast.ClassDef, attr: str | None) -> list[ast.expr]:
    """`self.<attr>` loads in the registry class's methods; for a dict subclass, the module's
    loads of the names bound to its objects (registry_entries)."""
    if attr is not None:
        return [node for member in registry.body if isinstance(member, DEFS) and member.name != "__init__"
                for node in iter_nodes(member) if type(node) is ast.Attribute and node.attr == attr
                and type(node.value) is ast.Name and isinstance(node.ctx, ast.Load)
                and positional_params(member.args) and node.value.id == positional_params(member.args)[0].arg]
    names = {stmt.targets[0].id for stmt in scope.tree.body if type(stmt) is ast.Assign and len(stmt.targets) == 1
             and type(stmt.targets[0]) is ast.Name and (entries := registry_entries(scope, stmt.targets[0].id))
             and entries[0] is registry}
    return [node for node, scopes in iter_with_scopes(scope.tree) if scopes and type(node) is ast.Name
            and node.id in names and isinstance(node.ctx, ast.Load)]


def _entry_value(interp, node: ast.AST) -> Value:
    if type(node) is ast.ClassDef:
        return ClassValue(node)
    if isinstance(node, DEFS):
        return Function(node, interp.module_frame)
    return interp.eval(node, interp.module_frame)


def _entries(scope, name: str, cls: ast.ClassDef, attr: str | None) -> list[tuple[str, ast.AST]] | None:
    methods = registering_methods(cls, attr)
    if not methods:
        return None
    binding = next((index for index, stmt in enumerate(scope.tree.body) if type(stmt) is ast.Assign
                    and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name and stmt.targets[0].id == name), None)
    if binding is None or scope.globals.unique_value(name) is not scope.tree.body[binding].value:
        return None
    made = scope.tree.body[binding].value
    if attr is None and (made.args or made.keywords) \
            or any(type(arg) is ast.Starred for arg in made.args) or any(k.arg is None for k in made.keywords):
        return None  # a dict subclass built with items; a `*`/`**` spread
    entries: list[tuple[str, ast.AST]] = []
    fills: set[int] = set()  # the receivers `R` of the filling statements
    last = binding
    names = [name] + registry_aliases(scope, name)
    for index, stmt in enumerate(scope.tree.body[binding + 1:], binding + 1):
        fill = next((found for each in names if (found := _fill(stmt, each, methods, scope)) is not None), None)
        if fill is None:
            continue
        entry_key, entry, receiver = fill
        if entry_key in (key for key, _ in entries):
            return None  # a key filed twice: the later one wins, or a guard raises; not followed
        if isinstance(entry, DEFS) and scope.globals.unique_function(entry.name) is not entry \
                or type(entry) is ast.ClassDef and (scope.classes.get(entry.name) is not entry
                                                    or scope.globals.unique_value(entry.name) is not None
                                                    or scope.globals.unique_function(entry.name) is not None
                                                    or entry.name in scope.volatile):
            return None
        entries.append((entry_key, entry))
        fills.add(id(receiver))
        last = index
    if not entries:
        return None
    siblings = sibling_fills(scope, name, cls, methods)  # (registry_params.py)
    for stmt in scope.tree.body[binding + 1:last]:
        if all(_fill(stmt, each, methods, scope) is None for each in names) and id(stmt) not in siblings \
                and _calls_at_load(stmt, scope):
            return None
    if not all(_reads_only(scope, each, fills, cls, set(methods), names[1:] if each == name else ())
               for each in names) \
            or not _method_names_unread(scope, cls, methods, fills | set(siblings.values())):
        return None
    return entries


def registry_class(scope, cls: ast.ClassDef) -> bool:
    """Some module name holds an object of `cls` filled as a registry (registry_entries)."""
    return any(type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name
               and (entries := registry_entries(scope, stmt.targets[0].id)) is not None and entries[0] is cls
               for stmt in scope.tree.body)


def _registry_class(scope, cls: ast.ClassDef) -> str | None | bool:
    """None for a registry class that is a dict subclass, the entries' field of one that keeps
    them in a field, False for any other class."""
    cache = scope.tree.__dict__.setdefault("_shardfix_registry_classes", {})
    if id(cls) not in cache:
        cache[id(cls)] = _read_registry_class(scope, cls)
    return cache[id(cls)]


def _read_registry_class(scope, cls: ast.ClassDef) -> str | None | bool:
    if scope.classes.get(cls.name) is not cls or cls.decorator_list or cls.keywords or scope.subclassed(cls):
        return False
    bases = [type(base) is ast.Name and base.id for base in cls.bases]
    if bases == ["dict"]:
        return None if registering_methods(cls, None) else False
    init = next((member for member in cls.body if type(member) is ast.FunctionDef and member.name == "__init__"), None)
    if bases not in ([], ["object"]) or init is None or init.decorator_list or not positional_params(init.args):
        return False
    receiver = positional_params(init.args)[0].arg
    fields = [stmt.targets[0].attr for stmt in init.body if type(stmt) is ast.Assign and len(stmt.targets) == 1
              and type(stmt.targets[0]) is ast.Attribute and type(stmt.targets[0].value) is ast.Name
              and stmt.targets[0].value.id == receiver and type(stmt.value) is ast.Dict and not stmt.value.keys]
    for attr in fields:
        stores = [node for node in iter_nodes(scope.tree) if type(node) is ast.Attribute and node.attr == attr
                  and not isinstance(node.ctx, ast.Load)]
        if len(stores) == 1 and registering_methods(cls, attr) and _readers_only(scope, cls, attr):
            return attr
    return False


def _readers_only(scope, cls: ast.ClassDef, attr: str) -> bool:
    """Every method but `__init__` and the registering ones only reads the object: `self` read
    only as `self.x` loads, nothing stored through them, `self.<attr>` read only as an item, by
    `in`, or `.get`; no code outside the class reads `.<attr>`."""
    parents = module_parents(scope.tree)
    own: set[int] = set()
    registering = registering_names(cls, attr)
    for member in cls.body:
        if not isinstance(member, DEFS):
            continue
        own.update(id(node) for node in iter_nodes(member))
        if member.name == "__init__" or member.name in registering:
            continue
        params = positional_params(member.args)
        if not params or method_kind(member) != "plain":
            return False
        receiver = params[0].arg
        for node in iter_nodes(member):
            if type(node) is ast.arg and node.arg == receiver and node is not params[0]:
                return False
            if type(node) is not ast.Name or node.id != receiver:
                continue
            parent = parents.get(id(node))
            if not isinstance(node.ctx, ast.Load) or type(parent) is not ast.Attribute \
                    or not isinstance(parent.ctx, ast.Load):
                return False
            if parent.attr == attr and not _item_read(parent, parents):
                return False
            call = parents.get(id(parent))
            if type(call) is ast.Call and call.func is parent and parent.attr in MUTATORS:
                return False
    # outside the class, only items are called (`HOOKS.hooks[name](...)`): nothing holds or changes the dict
    return not any(type(node) is ast.Attribute and node.attr == attr and id(node) not in own
                   and not called_item(node, parents) for node in iter_nodes(scope.tree))


def called_item(read: ast.Attribute, parents) -> bool:
    """`R.<attr>[key](...)`: an item of the field loaded and called at once (no one keeps or changes it)."""
    item = parents.get(id(read))
    call = parents.get(id(item))
    return isinstance(read.ctx, ast.Load) and type(item) is ast.Subscript and item.value is read \
        and isinstance(item.ctx, ast.Load) and type(item.slice) is not ast.Slice and type(call) is ast.Call \
        and call.func is item


def _item_read(read: ast.Attribute, parents) -> bool:
    """`self._entries[k]` (loaded), `k in self._entries`, `self._entries.get(k)`."""
    parent = parents.get(id(read))
    if type(parent) is ast.Subscript and parent.value is read and isinstance(parent.ctx, ast.Load):
        return True
    if type(parent) is ast.Compare and read in parent.comparators and len(parent.ops) == 1 \
            and type(parent.ops[0]) in (ast.In, ast.NotIn):
        return True
    call = parents.get(id(parent))
    return type(parent) is ast.Attribute and parent.attr == "get" and type(call) is ast.Call and call.func is parent


def _fill(stmt: ast.stmt, name: str, methods: set[str], scope=None):
    """(key, the entry's expression or def, the receiver Name) of a filling statement on `name`."""
    from codemods.analysis.registry_reads import quiet_record

    if type(stmt) is ast.Expr and type(stmt.value) is ast.Call:
        call = stmt.value
        if _on(call.func, name, methods) and len(call.args) == 2 and not call.keywords and _key(call.args[0]) \
                and type(call.args[1]) is not ast.Starred and (not _calls_at_load(ast.Expr(call.args[1]))
                                                                or scope is not None and quiet_record(scope, call.args[1])):
            return call.args[0].value, call.args[1], call.func.value  # (a call in the entry might read the registry)
    elif isinstance(stmt, DEFS + (ast.ClassDef,)) and len(stmt.decorator_list) == 1:
        call = stmt.decorator_list[0]
        rest = [*stmt.bases, *stmt.keywords, *stmt.body] if type(stmt) is ast.ClassDef else \
            [*stmt.args.defaults, *(d for d in stmt.args.kw_defaults if d is not None)]
        if type(call) is ast.Call and _on(call.func, name, methods) and not any(_calls_at_load(part) for part in rest) \
                and (key := decorator_key(call, methods, own_name(scope, stmt))) is not None:
            return key, stmt, call.func.value
    return None


def _on(func: ast.expr, name: str, methods: set[str]) -> bool:
    return type(func) is ast.Attribute and func.attr in methods and type(func.value) is ast.Name \
        and func.value.id == name


def _key(node: ast.expr) -> bool:
    return type(node) is ast.Constant and type(node.value) is str


def _calls_at_load(stmt: ast.stmt, scope=None) -> bool:
    """A call the statement makes when the module runs it (def bodies and lambdas run later);
    given the scope, a config display `dict(type="X", ...)` / `list([...])` of the builtin counts
    as none (it runs no code of the module)."""
    pending: list[ast.AST] = [stmt]
    while pending:
        node = pending.pop()
        if type(node) is ast.Call and scope is not None and display_call(scope, node):
            pending.extend(keyword.value for keyword in node.keywords)
            pending.extend(node.args)
            continue
        if type(node) is ast.Call:
            return True
        if isinstance(node, DEFS):
            pending.extend(node.decorator_list)
            pending.extend(node.args.defaults + [d for d in node.args.kw_defaults if d is not None])
            continue
        if type(node) is ast.Lambda:
            continue
        pending.extend(ast.iter_child_nodes(node))
    return False


def _reads_only(scope, name: str, fills: set[int], cls: ast.ClassDef, registering: set[str], aliases=()) -> bool:
    """Every other use of `name` is inside a function: an item load (`R[k]`, `R.get(k)`) of a dict
    subclass, a call of a reading method (`R.build(spec)`) of another; nothing else binds it."""
    parents = module_parents(scope.tree)
    dict_form = _registry_class(scope, cls) is None
    readers = reader_names(scope, cls, registering)
    for node, scopes in iter_with_scopes(scope.tree):
        if type(node) is ast.arg and node.arg == name or isinstance(node, (ast.Global, ast.Nonlocal)) \
                and name in node.names:
            return False
        if type(node) is not ast.Name or node.id != name or id(node) in fills:
            continue
        if not isinstance(node.ctx, ast.Load):
            if scopes or type(parents.get(id(node))) is not ast.Assign:
                return False
            continue  # the module-level binding (checked unique)
        parent = parents.get(id(node))
        if not scopes and type(parent) is ast.Assign and parent.value is node \
                and all(type(target) is ast.Name for target in parent.targets) \
                and all(target.id in aliases for target in parent.targets):
            continue  # `NECKS = MODELS`: another name of the object, read under these same rules
        if not scopes:
            return False
        if (dict_form or "__getitem__" in readers) and type(parent) is ast.Subscript and parent.value is node \
                and isinstance(parent.ctx, ast.Load):
            continue  # `R[key]`: a dict's item, or the reading method `__getitem__` run
        call = parents.get(id(parent))
        if type(parent) is ast.Attribute and (parent.attr == "get" if dict_form else parent.attr in readers) \
                and type(call) is ast.Call and call.func is parent:
            continue
        if not dict_form and type(parent) is ast.Attribute and parent.attr == _registry_class(scope, cls) \
                and called_item(parent, parents):
            continue  # `R._entries[key](...)`: an item of the entries, called
        if not dict_form and handed_param(scope, node, parents, readers, scopes) is not None:
            continue  # `build_from_cfg(cfg, R)` reading it only through its methods (registry_params.py)
        return False
    return True


def reader_names(scope, cls: ast.ClassDef, registering: set[str] | None = None) -> set[str]:
    """The reading methods of a registry class: its plain methods but `__init__` and the registering ones."""
    if registering is None:
        attr = _registry_class(scope, cls)
        registering = set(registering_methods(cls, attr if isinstance(attr, str) else None) or ())
    return {member.name for member in cls.body if type(member) is ast.FunctionDef and not member.decorator_list
            and method_kind(member) == "plain" and member.name not in registering and member.name != "__init__"}


def _method_names_unread(scope, cls: ast.ClassDef, methods: set[str], fills: set[int]) -> bool:
    """The registering methods are reached only by the filling statements (and their own lambda)."""
    own = {id(node) for member in cls.body if isinstance(member, DEFS) and member.name in methods
           for node in iter_nodes(member)}
    for node in iter_nodes(scope.tree):
        if type(node) is ast.Attribute and node.attr in methods and id(node.value) not in fills and id(node) not in own:
            return False
        if type(node) is ast.Constant and node.value in methods:
            return False  # `getattr(r, "register")`
    return True
