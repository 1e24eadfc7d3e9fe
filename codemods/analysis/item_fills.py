"""Objects filled by item stores after construction (issue 13): a Keras-like `LayoutMap`.

    class LayoutMap:
        def __init__(self, device_mesh):
            self.device_mesh = device_mesh
            self._layout_map = {}

        def __setitem__(self, key, layout):
            if isinstance(layout, (tuple, list)):
                layout = TensorLayout(layout, self.device_mesh)
            self._layout_map[key] = layout

        def __getitem__(self, key): ...          # reads self._layout_map only

    layout_map = LayoutMap(mesh)
    layout_map["dense/kernel"] = (None, "model")  # Python runs LayoutMap.__setitem__
    layer = Dense(layout_map)                     # read only after the last store

The field `_layout_map` is changed in place, so its value as built (`{}`) says nothing about what
a read finds. The stores are replayed here, in order, running `__setitem__` on the object, when
no other code can change the table between a store and a read:
- the class is a module class of no base, undecorated, extended by no class, with no
  `__setattr__`/`__getattr__`/`__getattribute__`/`__delattr__`/`__slots__`/`__delitem__`;
  `__init__` stores `self.<attr> = {}` at its top level, the module's only store of `.<attr>`;
- `__setitem__(self, key, value)` ends in `self.<attr>[key] = <a name>`; the statements above it
  only bind names (assignments, `if` of assignments) and read `self` as `self.<other field>`;
- every other read of `.<attr>` is in a method of the class through its own first parameter:
  an item load, `k in`, a loop over it, `.get(k)`, `len(...)`; no code names `__setitem__`;
- every item store of the module (target of `=`, `+=`, `del`, a loop or a `with`) is the
  class's own store above, a store into a name its scope binds only to a dict or list display
  (or `dict()`/`list()`), a store into `self.<f>` whose only store is such a display in an
  `__init__`, or a filling statement: `name[key] = value` as a top-level statement of a function
  that binds `name` once, by `name = Cls(...)` above it, reads it in no statement up to its last
  filling statement but those, and is not handed it (not a parameter, global or nonlocal).
Then the object `name` holds carries the table the stores built under the key `+<attr>`, which no
construction sets, and a read of `self.<attr>` on it gives that table. Anything the replay cannot
follow (a key not a str constant, a `__setitem__` statement that stops) leaves it unknown.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, body_nodes, iter_nodes, module_parents, positional_params
from codemods.analysis.scopes import method_kind
from codemods.analysis.values import Const, DictValue, Instance, Value

_HOOKS = frozenset({"__setattr__", "__getattr__", "__getattribute__", "__delattr__", "__slots__", "__delitem__"})
_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp, ast.SetComp,
           ast.DictComp, ast.GeneratorExp)
_DISPLAYS = (ast.Dict, ast.List, ast.DictComp, ast.ListComp)


def item_filled_object(interp, name: str, frame, value: Value) -> Value | None:
    """The object `name` holds once the filling statements of its function ran (None: none)."""
    if not isinstance(value, Instance) or value.fields is None or value.building:
        return None
    plan = _plan(interp, value.cls)
    scopes = frame.static_scopes or ()
    owner = next((index for index in range(len(scopes) - 1, -1, -1)
                  if interp.scope.locals_of(scopes[index]).binds(name)), None)
    if plan is None or owner is None and not interp.scope.globals.binds(name):
        return None
    function = scopes[owner] if owner is not None else interp.scope.tree  # a module's map: filled as it loads
    fills = plan[2].get((id(function), name))
    if not fills:
        return None
    attr, setter = plan[0], plan[1]
    static = interp._static_frame(scopes[:owner + 1]) if owner is not None else interp.module_frame
    table = dict(value.fields).get(attr)
    if not isinstance(table, DictValue) or table.keys:
        return None
    items: dict[str, Value] = {}
    current = value
    for stmt in fills:
        key = interp.eval(stmt.targets[0].slice, static)
        item = interp.eval(stmt.value, static)
        stored = _run_setter(interp, setter, current, key, item, _KINDS.get(type(stmt.value)))
        if stored is None:
            return None
        items[stored[0]] = stored[1]
        fields = dict(value.fields)
        fields["+" + attr] = DictValue(tuple(items), tuple(items.values()))
        current = Instance(value.cls, tuple(sorted(fields.items(), key=lambda pair: pair[0])))
    return current


def module_item_filled(interp, name: str) -> Value | None:
    """The object a module name holds once the module's filling statements ran (None: not one)."""
    made = next((stmt.value for stmt in interp.scope.tree.body if type(stmt) is ast.Assign and len(stmt.targets) == 1
                 and type(stmt.targets[0]) is ast.Name and stmt.targets[0].id == name), None)  # (the only binding: _sole_owner)
    cls = interp.scope.classes.get(made.func.id) if type(made) is ast.Call and type(made.func) is ast.Name else None
    if cls is None or _plan(interp, cls) is None or (id(interp.scope.tree), name) not in _plan(interp, cls)[2]:
        return None
    return item_filled_object(interp, name, interp.module_frame, interp.eval(made, interp.module_frame))


def item_filled_field(interp, receiver: Instance, attr: str) -> Value | None:
    """The table a replayed object holds in `attr` (item_filled_object)."""
    if receiver.fields is None or receiver.building:
        return None
    held = dict(receiver.fields).get("+" + attr)
    plan = _plan(interp, receiver.cls) if held is not None else None
    return held if plan is not None and plan[0] == attr else None


def filled_holder_field(interp, receiver: Instance, attr: str) -> Value | None:
    """A field holding such a replayed object (`self.layout_map = layout_map` in `__init__`, its
    only store): the object's table changes only by the filling statements, which all ran before
    any code could hold it, so the in-place changes that mark `.layout_map` changed are these."""
    if receiver.fields is None or receiver.building:
        return None
    held = dict(receiver.fields).get(attr)
    if not isinstance(held, Instance) or held.fields is None or held.building:
        return None
    plan = _plan(interp, held.cls)
    if plan is None or "+" + plan[0] not in dict(held.fields):
        return None
    changers = interp._field_changers()
    if attr in changers or "*" in changers or interp._stored_elsewhere(interp.class_facts(receiver.cls), attr):
        return None
    return held


def _run_setter(interp, setter: ast.FunctionDef, receiver: Instance, key: Value, item: Value, kind: type | None):
    """(key, value) that `__setitem__` stores for this call; None when not known. `kind`: the
    exact type of the stored value, known from its display (`("model", None)` is a tuple, where
    a tuple the analysis holds may have been a list), decides `if isinstance(value, ...)`."""
    from codemods.analysis.interpreter import Dead, Frame

    me, key_param, item_param = (param.arg for param in positional_params(setter.args))
    frame = Frame(setter, interp.module_frame)
    frame.vars.update({me: receiver, key_param: key, item_param: item})
    frame.local_names = frozenset(frame.vars) | interp._locals_of(setter)
    interp.silent += 1
    try:
        _exec(interp, setter.body[:-1], frame, item_param, kind)
    except Dead:
        return None
    finally:
        interp.silent -= 1
    store = setter.body[-1]
    stored_key = frame.vars.get(store.targets[0].slice.id)
    stored = frame.vars.get(store.value.id)
    if not isinstance(stored_key, Const) or type(stored_key.value) is not str or stored is None:
        return None
    return stored_key.value, stored


_KINDS = {ast.Tuple: tuple, ast.List: list, ast.Dict: dict, ast.Set: set, ast.JoinedStr: str}


def _exec(interp, block: list[ast.stmt], frame, item: str, kind: type | None) -> None:
    for stmt in block:
        decided = _decided(interp, stmt.test, item, kind) if type(stmt) is ast.If else None
        if decided is None:
            interp.exec_stmt(stmt, frame)
        else:
            _exec(interp, stmt.body if decided else stmt.orelse, frame, item, kind)
        if type(stmt) is ast.Assign and any(type(target) is ast.Name and target.id == item for target in stmt.targets) \
                or type(stmt) is ast.If and decided is None and item in _bound_names(stmt):
            kind = None  # the value rebound: its type no longer the display's


def _bound_names(stmt: ast.stmt) -> set[str]:
    return {node.id for node in iter_nodes(stmt) if type(node) is ast.Name and isinstance(node.ctx, ast.Store)}


def _decided(interp, test: ast.expr, item: str, kind: type | None) -> bool | None:
    """`isinstance(<the value>, T)` / `(T1, T2)` with builtin types, for a value of type `kind`."""
    if kind is None or type(test) is not ast.Call or type(test.func) is not ast.Name or test.func.id != "isinstance" \
            or len(test.args) != 2 or test.keywords or type(test.args[0]) is not ast.Name or test.args[0].id != item:
        return None
    names = test.args[1].elts if type(test.args[1]) is ast.Tuple else [test.args[1]]
    types = []
    for name in names:
        if type(name) is not ast.Name or name.id not in _TYPES or _shadowed(interp, name.id):
            return None
        types.append(_TYPES[name.id])
    return issubclass(kind, tuple(types)) if not _shadowed(interp, "isinstance") else None


_TYPES = {"tuple": tuple, "list": list, "dict": dict, "set": set, "str": str, "int": int, "float": float,
          "bool": bool, "bytes": bytes, "object": object}


def _shadowed(interp, name: str) -> bool:
    return interp.scope.globals.binds(name) or name in interp.scope.imports.bindings


def _plan(interp, cls: ast.ClassDef):
    """(field, `__setitem__`, {(id(function), name): [filling statements]}) of a class whose
    objects are filled so; None for any other class."""
    key = ("item_fills", id(cls))
    if key not in interp._class_tables:
        interp._class_tables[key] = _read_plan(interp, cls)
    return interp._class_tables[key]


def _read_plan(interp, cls: ast.ClassDef):
    scope, tree = interp.scope, interp.scope.tree
    if cls not in tree.body or cls.decorator_list or cls.keywords or scope.subclassed(cls) \
            or any(not (type(base) is ast.Name and base.id == "object") for base in cls.bases):
        return None
    members = {member.name: member for member in cls.body if isinstance(member, DEFS)}
    if any(isinstance(member, DEFS) and member.name in _HOOKS for member in cls.body) \
            or any(type(node) is ast.Name and node.id in _HOOKS for node in iter_nodes(cls)):
        return None
    init, setter = members.get("__init__"), members.get("__setitem__")
    if type(init) is not ast.FunctionDef or type(setter) is not ast.FunctionDef \
            or sum(isinstance(member, DEFS) and member.name in ("__init__", "__setitem__") for member in cls.body) != 2:
        return None
    attr = _setter_field(setter)
    if attr is None or attr in interp._field_changers() or not positional_params(init.args):
        return None
    stores = interp._attribute_stores().get(attr, ())
    me = positional_params(init.args)[0].arg
    if len(stores) != 1 or not any(type(stmt) is ast.Assign and stmt.targets == [stores[0]]
                                   and type(stmt.value) is ast.Dict and not stmt.value.keys
                                   and type(stores[0].value) is ast.Name and stores[0].value.id == me
                                   for stmt in init.body):
        return None
    parents = module_parents(tree)
    if not _reads_only(tree, cls, attr, setter, stores[0], parents):
        return None
    for node in iter_nodes(tree):
        if type(node) is ast.Attribute and node.attr == "__setitem__" \
                or type(node) is ast.Constant and node.value in ("__setitem__", attr):
            return None
    fills: dict[tuple[int, str], list[ast.Assign]] = {}
    own_store = setter.body[-1].targets[0]
    for node, function in _item_stores(tree):
        if node is own_store or _display_target(interp, node, function, parents):
            continue
        fill = _filling(cls, node, function, parents)
        if fill is None:
            return None
        fills.setdefault((id(function), fill[0]), []).append(fill[1])
    for stmts in fills.values():
        stmts.sort(key=lambda stmt: (stmt.lineno, stmt.col_offset))  # the order they run in
    for (_, name), stmts in fills.items():
        function = next(function for function in _functions(tree) if any(stmt in function.body for stmt in stmts))
        if not _sole_owner(cls, function, name, stmts):
            return None
    tree.__dict__.setdefault("_shardfix_item_filled", set()).add(attr)
    return attr, setter, fills


def filled_before_reads(tree: ast.Module) -> frozenset[str]:
    """Fields of the plans found so far: each changes only by filling statements, which run
    before any code can read the object, so no call made while a body traces changes one."""
    return frozenset(tree.__dict__.get("_shardfix_item_filled", ()))


def _setter_field(setter: ast.FunctionDef) -> str | None:
    """`<attr>` of a `__setitem__` ending in `self.<attr>[key] = <name>` whose statements above
    only bind names and read `self` as `self.<another field>`."""
    args = setter.args
    params = positional_params(args)
    if args.vararg or args.kwarg or args.kwonlyargs or args.defaults or len(params) != 3 \
            or method_kind(setter) != "plain" or setter.decorator_list or not setter.body:
        return None
    me, key = params[0].arg, params[1].arg
    store = setter.body[-1]
    if type(store) is not ast.Assign or len(store.targets) != 1 or type(store.targets[0]) is not ast.Subscript \
            or type(store.value) is not ast.Name:
        return None
    target = store.targets[0]
    held = target.value
    if type(held) is not ast.Attribute or type(held.value) is not ast.Name or held.value.id != me \
            or type(target.slice) is not ast.Name or target.slice.id != key:
        return None
    if not all(_binding_only(stmt) for stmt in setter.body[:-1]):
        return None
    for node in iter_nodes(setter):
        if type(node) is ast.Name and node.id == me and node is not held.value:
            continue
        if type(node) in (ast.Global, ast.Nonlocal) or type(node) is ast.Name and node.id == me \
                and not isinstance(node.ctx, ast.Load):
            return None
    parents = {id(child): node for node in iter_nodes(setter) for child in ast.iter_child_nodes(node)}
    for node in iter_nodes(setter):
        if type(node) is ast.Name and node.id == me and node is not held.value:
            parent = parents.get(id(node))
            if type(parent) is not ast.Attribute or parent.attr == held.attr or not isinstance(parent.ctx, ast.Load):
                return None  # `self` handed on, or the table read before it is stored
    return held.attr


def _binding_only(stmt: ast.stmt) -> bool:
    """An assignment to plain names, or an `if` whose branches hold only such statements."""
    if type(stmt) is ast.Assign:
        return all(type(target) is ast.Name for target in stmt.targets) and not _nested(stmt.value)
    if type(stmt) is ast.If:
        return not _nested(stmt.test) and all(_binding_only(inner) for inner in stmt.body + stmt.orelse)
    return False


def _nested(expr: ast.expr) -> bool:
    return any(isinstance(node, (ast.Lambda, ast.NamedExpr, ast.Yield, ast.YieldFrom, ast.Await))
               for node in iter_nodes(expr))


def _reads_only(tree: ast.Module, cls: ast.ClassDef, attr: str, setter: ast.FunctionDef, init_store: ast.Attribute, parents) -> bool:
    """Every `.<attr>` of the module but the two stores reads the table in a method of the class,
    through its own first parameter, without handing it on."""
    own = setter.body[-1].targets[0].value
    members = [member for member in cls.body if isinstance(member, DEFS)]
    inside = {id(node): member for member in members for node in iter_nodes(member)}
    return all(node is own or node is init_store or _item_read(node, inside.get(id(node)), parents)
               for node in iter_nodes(tree) if type(node) is ast.Attribute and node.attr == attr)


def _item_read(read: ast.Attribute, method, parents) -> bool:
    if method is None or type(method) is not ast.FunctionDef or method_kind(method) != "plain" \
            or not positional_params(method.args) or not isinstance(read.ctx, ast.Load):
        return False
    me = positional_params(method.args)[0].arg
    if type(read.value) is not ast.Name or read.value.id != me or any(
            type(node) is ast.Name and node.id == me and not isinstance(node.ctx, ast.Load)
            or type(node) is ast.arg and node.arg == me and node is not positional_params(method.args)[0]
            for node in iter_nodes(method)):
        return False
    parent = parents.get(id(read))
    if type(parent) is ast.Subscript and parent.value is read and isinstance(parent.ctx, ast.Load):
        return True  # `self._table[key]`
    if type(parent) is ast.Compare and read in parent.comparators and len(parent.ops) == 1 \
            and type(parent.ops[0]) in (ast.In, ast.NotIn):
        return True  # `key in self._table`
    if type(parent) in (ast.For, ast.comprehension) and parent.iter is read:
        return True  # `for k in self._table`
    if type(parent) is ast.Call and parent.args == [read] and not parent.keywords and type(parent.func) is ast.Name \
            and parent.func.id == "len":
        return True
    call = parents.get(id(parent))
    return type(parent) is ast.Attribute and parent.attr == "get" and type(call) is ast.Call and call.func is parent


def _functions(tree: ast.Module) -> list:
    """The module and every def and class body: each scope that may hold a statement."""
    return [tree, *(node for node in iter_nodes(tree) if isinstance(node, DEFS + (ast.ClassDef,)))]


def _item_stores(tree: ast.Module) -> list[tuple[ast.Subscript, object]]:
    """Every item store or deletion of the module with the function (or module) whose scope holds it."""
    found = []
    for function in _functions(tree):
        for node in body_nodes(function, _NESTED):
            if type(node) is ast.Subscript and not isinstance(node.ctx, ast.Load):
                found.append((node, function))
    return found


def _display_target(interp, store: ast.Subscript, function, parents) -> bool:
    """A store into a name its scope binds only to a dict or list display (never handed one), or
    into `self.<f>` of a method whose `__init__` is the module's only store of `.f`, a display."""
    held = store.value
    if type(held) is ast.Name:
        return _display_name(function, held.id)
    if type(held) is ast.Attribute and type(held.value) is ast.Name and isinstance(function, ast.FunctionDef) \
            and positional_params(function.args) and positional_params(function.args)[0].arg == held.value.id:
        stores = interp._attribute_stores().get(held.attr, ())
        if len(stores) != 1 or held.attr in interp._field_changers():
            return False
        assign = parents.get(id(stores[0]))
        init = parents.get(id(assign))
        owner = parents.get(id(init))
        # the method's own class builds the field (an object of another class has no such field,
        # or a class attribute of that name), and no class extends it (one might skip its __init__)
        return type(assign) is ast.Assign and assign.targets == [stores[0]] and _display(assign.value) \
            and type(init) is ast.FunctionDef and init.name == "__init__" and positional_params(init.args) \
            and type(stores[0].value) is ast.Name and stores[0].value.id == positional_params(init.args)[0].arg \
            and type(owner) is ast.ClassDef and function in owner.body and not interp.scope.subclassed(owner) \
            and not any(held.attr in _class_level_names(stmt) for stmt in owner.body)
    return False


def _class_level_names(stmt: ast.stmt) -> set[str]:
    if isinstance(stmt, (*DEFS, ast.ClassDef)):
        return {stmt.name}
    return {node.id for node in ast.walk(stmt) if type(node) is ast.Name and isinstance(node.ctx, ast.Store)}


def _display(value: ast.expr) -> bool:
    return isinstance(value, _DISPLAYS) or type(value) is ast.Call and type(value.func) is ast.Name \
        and value.func.id in ("dict", "list") and not value.args and not value.keywords


def _display_name(function, name: str) -> bool:
    if isinstance(function, DEFS) and any(arg.arg == name for arg in iter_nodes(function.args) if type(arg) is ast.arg):
        return False
    bound = False
    for node in body_nodes(function, _NESTED):
        if type(node) in (ast.Global, ast.Nonlocal) and name in node.names:
            return False
        if type(node) is ast.Name and node.id == name and isinstance(node.ctx, ast.Store):
            if not bound_by_display(node, function):
                return False
            bound = True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == name \
                or isinstance(node, (ast.Import, ast.ImportFrom)) and any(
                    (alias.asname or alias.name).split(".")[0] == name for alias in node.names):
            return False
    return bound and (type(function) is not ast.Module or not _bound_elsewhere(function, name))


def bound_by_display(target: ast.Name, function) -> bool:
    for node in body_nodes(function, _NESTED):
        if type(node) is ast.Assign and len(node.targets) == 1 and node.targets[0] is target:
            return _display(node.value)
    return False


def _bound_elsewhere(tree: ast.Module, name: str) -> bool:
    """A module name some function declares global (it may rebind it)."""
    return any(type(node) is ast.Global and name in node.names for node in iter_nodes(tree))


def _filling(cls: ast.ClassDef, store: ast.Subscript, function, parents):
    """(name, statement) of `name[key] = value`, a top-level statement of a function."""
    stmt = parents.get(id(store))
    if not isinstance(function, (ast.FunctionDef, ast.Module)) or type(stmt) is not ast.Assign or stmt.targets != [store] \
            or stmt not in function.body or type(store.value) is not ast.Name \
            or type(store.slice) in (ast.Slice, ast.Tuple):
        return None
    name = store.value.id
    if any(type(node) is ast.Name and node.id == name for part in (store.slice, stmt.value) for node in iter_nodes(part)):
        return None
    if type(function) is ast.Module and _calls(stmt):
        return None  # a call might read the module's half-filled map
    return name, stmt


def _calls(stmt: ast.stmt) -> bool:
    """A call the statement makes as the module runs it (not one in a def body or a lambda)."""
    return any(type(node) is ast.Call for node in _run_nodes(stmt))


def _run_nodes(stmt: ast.stmt) -> list[ast.AST]:
    """The nodes a statement evaluates as the module runs it: not those of def bodies or lambdas."""
    found, pending = [], [stmt]
    while pending:
        node = pending.pop()
        found.append(node)
        if isinstance(node, DEFS):
            pending.extend([*node.decorator_list, *node.args.defaults, *(d for d in node.args.kw_defaults if d is not None)])
        elif type(node) is not ast.Lambda:
            pending.extend(ast.iter_child_nodes(node))
    return found


def _sole_owner(cls: ast.ClassDef, function, name: str, fills: list[ast.Assign]) -> bool:
    """`name` is bound once in `function`, by `name = Cls(...)` above every filling statement, and
    read in no statement up to the last of them but those; in a module, no statement between the
    binding and the last filling statement calls anything as it runs."""
    module = type(function) is ast.Module
    if not module and any(type(arg) is ast.arg and arg.arg == name for arg in iter_nodes(function.args)):
        return False
    stores = [node for node in iter_nodes(function) if type(node) is ast.Name and node.id == name
              and not isinstance(node.ctx, ast.Load)]
    if len(stores) != 1 or any(type(node) in (ast.Global, ast.Nonlocal) and name in node.names
                               for node in iter_nodes(function)):
        return False
    body = function.body
    binding = next((index for index, stmt in enumerate(body) if type(stmt) is ast.Assign
                    and stmt.targets == [stores[0]]), None)
    if binding is None:
        return False
    made = body[binding].value
    if type(made) is not ast.Call or type(made.func) is not ast.Name or made.func.id != cls.name \
            or any(type(node) is ast.Name and node.id == name for node in iter_nodes(made)):
        return False
    indexes = [body.index(stmt) for stmt in fills]
    if min(indexes) < binding:
        return False
    receivers = {id(stmt.targets[0].value) for stmt in fills}
    for index, stmt in enumerate(body[:max(indexes) + 1]):
        if index != binding and any(type(node) is ast.Name and node.id == name and id(node) not in receivers
                                    for node in (_run_nodes(stmt) if module else iter_nodes(stmt))):
            return False
        if module and binding < index and stmt not in fills and _calls(stmt):
            return False
    return True
