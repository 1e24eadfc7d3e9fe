"""List fields filled after construction (issue 13): trainer hooks and strategy callbacks.

    trainer = Trainer(mesh, config)          # __init__: self.hooks = []
    trainer.add_hook(log_loss_table)         # add_hook: self.hooks.append(fn)
    strategy.on_aggregate.append(broadcast("client"))
    fn = jax.shard_map(trainer.step, ...)    # step: for hook in self.hooks: ...

A field some code changes in place is otherwise never read (classes.py). Here the appends are
replayed, in order, when every change of the field in the module is plain to see:
- `__init__` stores `self.<attr> = [...]` at its top level, the module's only store of it; the
  class is a module-level class, extended by no class, whose bases are module classes of the
  same kind (no decorator, metaclass or `__getattribute__` in the chain);
- every other read of `.<attr>` in the module is `for v in self.<attr>` (also in a comprehension)
  in a method of the class (`self` its own first parameter), `self.<attr>.append(p)` as the whole
  body of an adder method `def add(self, p)` (a `return p` or, Keras-style, `return self` may
  follow: a filling statement drops what it returns), or a filling statement;
- a filling statement is `name.<attr>.append(e)`, `name.<attr>.extend([e1, e2])`, `name.add(e)`
  or a def decorated by `@name.add` alone (which appends the function), a statement of its own
  at the top level of a function where `name` is bound exactly once, by `name = Cls(...)` above
  it; every call of an adder is one, and every other read of `name` in that function lies in a
  statement after its last filling statement (so the object is complete before anything uses it,
  and no other code holds it while it is filled).
A dict of lists keyed by events works the same way: `self.hooks = {"after_step": []}`, read
only as `for hook in self.hooks["after_step"]` (a key it has), filled by
`name.hooks["after_step"].append(e)` or by a def under `@name.register("after_step")` whose
method is exactly `def register(self, event): def deco(fn): self.hooks[event].append(fn);
return fn; return deco`. The function may be the module itself (`trainer = Trainer(...)` at
module level, filled by decorators below it), as the module's registries filled by decorators
are read (class_registries.py): only code that reads the name after the last filling statement
can run with the object.
The object `name` then holds has exactly the items the fillings appended to those its
constructor stored; it carries them under the key `+<attr>`, which no construction sets.
"""
from __future__ import annotations

from typing import TYPE_CHECKING
import ast

from codemods.analysis.nodes import DEFS, iter_nodes, positional_params
from codemods.analysis.scopes import method_kind
from codemods.analysis.values import Const, DictValue, Function, Instance, TupleValue, Value

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

_GROWERS = ("append", "extend")
_ORDINARY = frozenset({"__getattribute__", "__setattr__", "__getattr__", "__slots__"})


def filled_value(interp, receiver: Instance, attr: str) -> Value | None:
    """The items of a filled field of an object whose filling statements were replayed."""
    if receiver.fields is None or receiver.building:
        return None
    held = dict(receiver.fields).get("+" + attr)
    if held is None or _plan(interp, receiver.cls, attr) is None or attr in interp._field_changers():
        return None
    return held


def filled_object(interp, name: str, frame: Frame, value: Value) -> Value | None:
    """The object `name` holds once the filling statements of its function have run (None: no
    such statement, or not plain)."""
    if not isinstance(value, Instance) or value.fields is None or value.building:
        return None
    scopes = frame.static_scopes or ()
    owner = next((index for index in range(len(scopes) - 1, -1, -1)
                  if interp.scope.locals_of(scopes[index]).binds(name)), None)
    if owner is None and not interp.scope.globals.binds(name):
        return None
    function = scopes[owner] if owner is not None else interp.scope.tree  # a module's trainer: filled by decorators
    owner = owner if owner is not None else -1
    fields = dict(value.fields)
    replayed = False
    static = None
    for stmt in function.body:
        fill = _fill_of(interp, value.cls, stmt, name)
        if fill is None:
            continue
        attr, exprs, key = fill
        if _plan(interp, value.cls, attr) is None or attr in interp._field_changers():
            return None
        table = fields.get("+" + attr, fields.get(attr))
        if key is not None and not (isinstance(table, DictValue) and key in table.keys):
            return None
        items = _items(table.get(key) if key is not None else table)
        if items is None:
            return None
        static = static or interp._static_frame(scopes[:owner + 1])
        for expr in exprs:
            if isinstance(expr, ast.FunctionDef):  # `@trainer.add_hook` over a def: the function itself
                interp._note_parent(expr, function if owner >= 0 else None)
                items += (Function(expr, static),)
            else:
                items += (interp.eval(expr, static),)
        fields["+" + attr] = TupleValue(items) if key is None else DictValue(
            table.keys, tuple(TupleValue(items) if other == key else item for other, item in zip(table.keys, table.items)))
        replayed = True
    if not replayed:
        return None
    return Instance(value.cls, tuple(sorted(fields.items(), key=lambda item: item[0])))


def fill_in_run(interp, small: ast.Expr, frame: Frame) -> bool:
    """Run a filling statement of the running function itself (`head.register_forward_hook(clamp)`
    in a shard_map body that built `head` above it, under the rules of filled_object): the name
    holds the object with the item appended. False (nothing run) for any other statement."""
    function = frame.function
    names = _receiver_names(small)
    if not names or not isinstance(function, ast.FunctionDef) or frame.vars.get(names[0]) is None:
        return False
    name, value = names[0], frame.vars.get(names[0])
    if not isinstance(value, Instance) or value.fields is None or value.building:
        return False
    fill = _fill_of(interp, value.cls, small, name)
    if fill is None or fill[2] is not None or _plan(interp, value.cls, fill[0]) is None \
            or fill[0] in interp._field_changers() or not _sole_owner(interp, value.cls, function, name, fill[0]):
        return False
    fields = dict(value.fields)
    items = _items(fields.get("+" + fill[0], fields.get(fill[0])))
    if items is None or any(isinstance(expr, ast.FunctionDef) for expr in fill[1]):
        return False
    items += tuple(interp.eval(expr, frame) for expr in fill[1])
    fields["+" + fill[0]] = TupleValue(items)
    frame.vars[name] = Instance(value.cls, tuple(sorted(fields.items(), key=lambda item: item[0])))
    return True


def _items(value: Value | None) -> tuple[Value, ...] | None:
    if isinstance(value, TupleValue):
        return value.items
    if isinstance(value, Const) and isinstance(value.value, tuple):
        return tuple(Const(item) for item in value.value)
    return None


def _filling(stmt: ast.stmt) -> tuple[ast.Attribute, ast.AST] | None:
    """(the attribute called, the item it gets) of `x.f(item)` as a statement, or of a def
    decorated by `@x.f` alone (the item: the function itself)."""
    if type(stmt) is ast.Expr and type(stmt.value) is ast.Call and type(stmt.value.func) is ast.Attribute:
        call = stmt.value
        if len(call.args) == 1 and not call.keywords and type(call.args[0]) is not ast.Starred:
            return call.func, call.args[0]
    elif type(stmt) is ast.FunctionDef and len(stmt.decorator_list) == 1:
        decorator = stmt.decorator_list[0]
        if type(decorator) is ast.Attribute:
            return decorator, stmt
        if type(decorator) is ast.Call and type(decorator.func) is ast.Attribute and _key(decorator) is not None:
            return decorator.func, stmt  # `@trainer.register("after_step")`
    return None


def _key(call: ast.Call) -> str | None:
    """The event of `register("after_step")`: one string literal, nothing else."""
    if len(call.args) == 1 and not call.keywords and type(call.args[0]) is ast.Constant \
            and isinstance(call.args[0].value, str):
        return call.args[0].value
    return None


def _fill_of(interp, cls: ast.ClassDef, stmt: ast.stmt, name: str) -> tuple[str, list[ast.AST], str | None] | None:
    """(field, appended expressions or def, the event key of a dict of lists) of a filling
    statement on `name`."""
    filling = _filling(stmt)
    if filling is None:
        return None
    func, item = filling
    held, key = func.value, None
    if type(held) is ast.Subscript and type(held.slice) is ast.Constant and isinstance(held.slice.value, str):
        held, key = held.value, held.slice.value  # `trainer.hooks["after_step"].append(fn)`
    if func.attr in _GROWERS and type(held) is ast.Attribute and type(held.value) is ast.Name \
            and held.value.id == name and (key is None or func.attr == "append") and type(stmt) is ast.Expr:
        if func.attr == "append":
            return held.attr, [item], key
        plain = type(item) in (ast.List, ast.Tuple) and not any(type(elt) is ast.Starred for elt in item.elts)
        return (held.attr, list(item.elts), None) if plain else None  # `extend([a, b])`
    if type(func.value) is not ast.Name or func.value.id != name:
        return None
    if type(stmt) is ast.FunctionDef and type(stmt.decorator_list[0]) is ast.Call:
        field = _factories(interp, cls).get(func.attr)
        return (field, [item], _key(stmt.decorator_list[0])) if field is not None else None
    adder = _adders(interp, cls).get(func.attr)
    return (adder, [item], None) if adder is not None else None


def _chain_members(interp, cls: ast.ClassDef) -> list:
    """The members of the class and of the module bases it extends (`_chain`), the class's first."""
    return [member for each in _chain(interp, cls) or [cls] for member in each.body]


def _resolved_members(interp, cls: ast.ClassDef) -> list:
    """The methods Python finds on an object of the class: per name, the first in the chain."""
    seen: set[str] = set()
    found = []
    for member in _chain_members(interp, cls):
        if isinstance(member, DEFS) and member.name not in seen:
            seen.add(member.name)
            found.append(member)
    return found


def _adders(interp, cls: ast.ClassDef) -> dict[str, str]:
    """Adder methods of the class: name -> the field each appends its argument to."""
    found: dict[str, str] = {}
    for member in _resolved_members(interp, cls):
        if type(member) is not ast.FunctionDef or member.decorator_list or method_kind(member) != "plain":
            continue
        args = member.args
        params = positional_params(args)
        if len(params) != 2 or args.vararg or args.kwarg or args.kwonlyargs or args.defaults:
            continue
        receiver, item = params[0].arg, params[1].arg
        body = member.body
        if len(body) == 2 and type(body[1]) is ast.Return and type(body[1].value) is ast.Name \
                and body[1].value.id in (item, receiver):  # `return self` too: a filling statement drops it
            body = body[:1]
        if len(body) != 1 or type(body[0]) is not ast.Expr:
            continue
        call = body[0].value
        if type(call) is ast.Call and len(call.args) == 1 and not call.keywords and type(call.func) is ast.Attribute \
                and call.func.attr == "append" and type(call.func.value) is ast.Attribute \
                and type(call.func.value.value) is ast.Name and call.func.value.value.id == receiver \
                and type(call.args[0]) is ast.Name and call.args[0].id == item:
            found[member.name] = call.func.value.attr
    return found


def _factories(interp, cls: ast.ClassDef) -> dict[str, str]:
    """Decorator factories of the class: name -> the dict of lists their decorator appends to:
    `def register(self, event): def deco(fn): self.hooks[event].append(fn); return fn; return deco`."""
    found: dict[str, str] = {}
    for member in _resolved_members(interp, cls):
        if type(member) is not ast.FunctionDef or member.decorator_list or method_kind(member) != "plain":
            continue
        args, params = member.args, positional_params(member.args)
        if len(params) != 2 or args.vararg or args.kwarg or args.kwonlyargs or args.defaults or len(member.body) != 2:
            continue
        receiver, event = params[0].arg, params[1].arg
        inner, done = member.body
        if type(inner) is not ast.FunctionDef or inner.decorator_list or type(done) is not ast.Return \
                or type(done.value) is not ast.Name or done.value.id != inner.name:
            continue
        inner_params = positional_params(inner.args)
        if len(inner_params) != 1 or inner.args.vararg or inner.args.kwarg or inner.args.kwonlyargs or len(inner.body) != 2:
            continue
        item = inner_params[0].arg
        stmt, back = inner.body
        if type(back) is not ast.Return or type(back.value) is not ast.Name or back.value.id != item \
                or type(stmt) is not ast.Expr or type(stmt.value) is not ast.Call:
            continue
        call = stmt.value
        func = call.func
        if len(call.args) == 1 and not call.keywords and type(call.args[0]) is ast.Name and call.args[0].id == item \
                and type(func) is ast.Attribute and func.attr == "append" and type(func.value) is ast.Subscript \
                and type(func.value.slice) is ast.Name and func.value.slice.id == event \
                and _field_of(func.value.value, receiver, func.value.value.attr if type(func.value.value) is ast.Attribute else ""):
            found[member.name] = func.value.value.attr
    return found


def _plan(interp, cls: ast.ClassDef, attr: str) -> bool | None:
    key = ("filled_field", id(cls), attr)
    if key not in interp._class_tables:
        interp._class_tables[key] = True if _plain_field(interp, cls, attr) else None
    return interp._class_tables[key]


def _chain(interp, cls: ast.ClassDef) -> list[ast.ClassDef] | None:
    chain, current = [], cls
    while current is not None:
        if current.decorator_list or current.keywords or current not in interp.scope.tree.body \
                or len(current.bases) > 1 or current in chain:
            return None
        if any(isinstance(member, DEFS) and member.name in _ORDINARY for member in current.body) or any(
                type(node) is ast.Name and node.id in _ORDINARY for node in iter_nodes(current)):
            return None
        chain.append(current)
        if not current.bases:
            return chain
        base = current.bases[0]
        if type(base) is not ast.Name:
            return None
        if base.id == "object":
            return chain
        current = interp.scope.classes.get(base.id)
    return None


def _plain_field(interp, cls: ast.ClassDef, attr: str) -> bool:
    if interp.scope.subclassed(cls) or _chain(interp, cls) is None or interp._init_called_directly():
        return False  # `trainer.__init__(...)` again would empty the list
    facts = interp.class_facts(cls)
    while facts is not None and attr not in facts.stores and facts.init is not None and facts.base is not None:
        facts = facts.base  # `super().__init__()` at the top of __init__ stores it (a torch-like Module base)
    stores = interp._attribute_stores().get(attr, ())
    keys = _event_keys(facts.stores.get(attr)) if facts is not None else None
    if facts is None or facts.init is None or len(stores) != 1 \
            or type(facts.stores.get(attr)) is not ast.List and keys is None:
        return False
    if not any(type(stmt) is ast.Assign and stmt.targets == [stores[0]] for stmt in facts.init.body):
        return False
    makers = _adders(interp, cls) if keys is None else _factories(interp, cls)
    adders = {name for name, field in makers.items() if field == attr}
    allowed = {id(stores[0])}
    for member in _chain_members(interp, cls):
        if type(member) is not ast.FunctionDef:
            continue
        params = positional_params(member.args)
        if not params or method_kind(member) != "plain":
            continue
        receiver = params[0].arg
        if any(type(node) is ast.Name and node.id == receiver and not isinstance(node.ctx, ast.Load)
               or type(node) is ast.arg and node.arg == receiver and node is not params[0] for node in iter_nodes(member)):
            continue
        for node in iter_nodes(member):
            if type(node) not in (ast.For, ast.comprehension):
                continue
            walked = node.iter
            if keys is not None and type(walked) is ast.Subscript and type(walked.slice) is ast.Constant \
                    and walked.slice.value in keys:
                walked = walked.value  # `for hook in self.hooks["after_step"]`
            elif keys is not None:
                continue
            if _field_of(walked, receiver, attr):
                allowed.add(id(walked))  # `for hook in self.hooks`, `[h(x) for h in self.hooks]`
        if member.name in adders:
            grow = member.body[0].value if keys is None else member.body[0].body[0].value
            allowed.add(id(grow.func.value if keys is None else grow.func.value.value))
    owners: dict[tuple[int, str], ast.AST] = {}
    for function in [interp.scope.tree, *(node for node in iter_nodes(interp.scope.tree) if isinstance(node, DEFS))]:
        for stmt in function.body:
            for name in _receiver_names(stmt):
                fill = _fill_of(interp, cls, stmt, name)
                if fill is None or fill[0] != attr:
                    continue
                if (fill[2] is None) != (keys is None) or keys is not None and fill[2] not in keys:
                    return False
                func = _filling(stmt)[0]
                held = func.value.value if type(func.value) is ast.Subscript else func.value
                if id(held) not in allowed:  # not an adder's own body
                    allowed.add(id(held if func.attr in _GROWERS else func))
                    owners[(id(function), name)] = function
    for node in iter_nodes(interp.scope.tree):
        if type(node) is ast.Attribute and (node.attr == attr or node.attr in adders) and id(node) not in allowed:
            return False
        if type(node) is ast.Constant and (node.value == attr or node.value in adders):
            return False  # `getattr(trainer, "hooks")`
    return all(_sole_owner(interp, cls, function, name, attr) for (_, name), function in owners.items())


def _event_keys(value: ast.expr | None) -> tuple[str, ...] | None:
    """The keys of `{"after_step": [], ...}`: distinct string literals, each of a list display."""
    if type(value) is not ast.Dict or not value.keys:
        return None
    keys = tuple(key.value if type(key) is ast.Constant and isinstance(key.value, str) else None for key in value.keys)
    if None in keys or len(set(keys)) != len(keys) or any(type(item) is not ast.List for item in value.values):
        return None
    return keys


def _field_of(expr: ast.expr, receiver: str, attr: str) -> bool:
    return type(expr) is ast.Attribute and expr.attr == attr and type(expr.value) is ast.Name and expr.value.id == receiver


def _receiver_names(stmt: ast.stmt) -> list[str]:
    filling = _filling(stmt)
    held = filling[0].value if filling is not None else None
    if type(held) is ast.Subscript:
        held = held.value
    if type(held) is ast.Attribute:
        held = held.value
    return [held.id] if type(held) is ast.Name else []


def _sole_owner(interp, cls: ast.ClassDef, function, name: str, attr: str) -> bool:
    """`name` is bound once in `function`, to a construction of `cls` above every filling
    statement, and read elsewhere only after the last one."""
    body = function.body
    if name in {arg.arg for arg in iter_nodes(function) if type(arg) is ast.arg}:
        return False
    stores = [node for node in iter_nodes(function) if type(node) is ast.Name and node.id == name
              and not isinstance(node.ctx, ast.Load)]
    if len(stores) != 1 or any(isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names
                               for node in iter_nodes(function)):
        return False
    binding = next((index for index, stmt in enumerate(body) if type(stmt) is ast.Assign
                    and stmt.targets == [stores[0]]), None)
    if binding is None:
        return False
    value = body[binding].value
    if type(value) is not ast.Call or type(value.func) is not ast.Name or value.func.id != cls.name:
        return False
    fills = [index for index, stmt in enumerate(body) if _fill_of(interp, cls, stmt, name) is not None]
    if not fills or min(fills) < binding:
        return False
    receivers = set()
    for index in fills:
        func, item = _filling(body[index])
        held = func.value.value if type(func.value) is ast.Subscript else func.value
        receivers.add(id(held.value if func.attr in _GROWERS and type(held) is ast.Attribute else held))
        parts = [*item.body, item.args] if isinstance(item, ast.FunctionDef) else [item]  # not the decorator
        if any(type(node) is ast.Name and node.id == name for part in parts for node in iter_nodes(part)):
            return False
    last = max(fills)
    for index, stmt in enumerate(body):
        if index <= last and index != binding and any(
                type(node) is ast.Name and node.id == name and id(node) not in receivers for node in iter_nodes(stmt)):
            return False
    return True


def filled_calls(interp, holder: ast.AST, arg: ast.expr) -> list[ast.Name] | None:
    """When `arg` is the item a filling statement appends (`holder` the append or adder call):
    the calls that can run it, each `hook(...)` of a `for hook in self.<attr>` loop of the class;
    None when `holder` fills no such field. The loop variable must be read only by those calls."""
    if type(holder) is not ast.Call or holder.args != [arg] or type(holder.func) is not ast.Attribute:
        return None
    func = holder.func
    if func.attr == "append" and type(func.value) is ast.Attribute:
        named = [(cls, func.value.attr) for cls in interp.scope.classes.values()]
    else:
        named = [(cls, _adders(interp, cls)[func.attr]) for cls in interp.scope.classes.values()
                 if func.attr in _adders(interp, cls)]
    found = [(cls, attr) for cls, attr in named if _plan(interp, cls, attr) is not None]
    if len(found) != 1:
        return None
    cls, attr = found[0]
    calls: list[ast.Name] = []
    for member in _chain_members(interp, cls):
        params = positional_params(member.args) if type(member) is ast.FunctionDef else []
        for loop in iter_nodes(member) if params else ():
            if type(loop) is ast.comprehension and _field_of(loop.iter, params[0].arg, attr):
                return []  # calls in a comprehension are not counted here
            if type(loop) is not ast.For or not _field_of(loop.iter, params[0].arg, attr):
                continue
            if type(loop.target) is not ast.Name:
                return []
            name = loop.target.id
            inside = {id(node) for stmt in loop.body for node in iter_nodes(stmt)}
            called = {id(node.func) for stmt in loop.body for node in iter_nodes(stmt) if type(node) is ast.Call}
            for node in iter_nodes(member):
                if type(node) is ast.Name and node.id == name and node is not loop.target:
                    if id(node) not in inside or id(node) not in called or not isinstance(node.ctx, ast.Load):
                        return []
                    calls.append(node)
    return calls
