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
  body of an adder method `def add(self, p)` (a `return p` may follow), or a filling statement;
- a filling statement is `name.<attr>.append(e)`, `name.<attr>.extend([e1, e2])`, `name.add(e)`
  or a def decorated by `@name.add` alone (which appends the function), a statement of its own
  at the top level of a function where `name` is bound exactly once, by `name = Cls(...)` above
  it; every call of an adder is one, and every other read of `name` in that function lies in a
  statement after its last filling statement (so the object is complete before anything uses it,
  and no other code holds it while it is filled).
The object `name` then holds has exactly the items the fillings appended to those its
constructor stored; it carries them under the key `+<attr>`, which no construction sets.
"""
from __future__ import annotations

from typing import TYPE_CHECKING
import ast

from codemods.analysis.nodes import DEFS, iter_nodes, positional_params
from codemods.analysis.scopes import method_kind
from codemods.analysis.values import Const, Function, Instance, TupleValue, Value

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
    if owner is None:
        return None
    function = scopes[owner]
    fields = dict(value.fields)
    replayed = False
    static = None
    for stmt in function.body:
        fill = _fill_of(interp, value.cls, stmt, name)
        if fill is None:
            continue
        attr, exprs = fill
        if _plan(interp, value.cls, attr) is None or attr in interp._field_changers():
            return None
        items = _items(fields.get("+" + attr, fields.get(attr)))
        if items is None:
            return None
        static = static or interp._static_frame(scopes[:owner + 1])
        for expr in exprs:
            if isinstance(expr, ast.FunctionDef):  # `@trainer.add_hook` over a def: the function itself
                interp._note_parent(expr, function)
                items += (Function(expr, static),)
            else:
                items += (interp.eval(expr, static),)
        fields["+" + attr] = TupleValue(items)
        replayed = True
    if not replayed:
        return None
    return Instance(value.cls, tuple(sorted(fields.items(), key=lambda item: item[0])))


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
    elif type(stmt) is ast.FunctionDef and len(stmt.decorator_list) == 1 and type(stmt.decorator_list[0]) is ast.Attribute:
        return stmt.decorator_list[0], stmt
    return None


def _fill_of(interp, cls: ast.ClassDef, stmt: ast.stmt, name: str) -> tuple[str, list[ast.AST]] | None:
    """(field, appended expressions or def) of a filling statement on `name`."""
    filling = _filling(stmt)
    if filling is None:
        return None
    func, item = filling
    if func.attr in _GROWERS and type(func.value) is ast.Attribute and type(func.value.value) is ast.Name \
            and func.value.value.id == name:
        if func.attr == "append":
            return func.value.attr, [item]
        plain = type(item) in (ast.List, ast.Tuple) and not any(type(elt) is ast.Starred for elt in item.elts)
        return (func.value.attr, list(item.elts)) if plain and type(stmt) is ast.Expr else None  # `extend([a, b])`
    if type(func.value) is ast.Name and func.value.id == name:
        adder = _adders(interp, cls).get(func.attr)
        if adder is not None:
            return adder, [item]
    return None


def _adders(interp, cls: ast.ClassDef) -> dict[str, str]:
    """Adder methods of the class: name -> the field each appends its argument to."""
    found: dict[str, str] = {}
    for member in cls.body:
        if type(member) is not ast.FunctionDef or member.decorator_list or method_kind(member) != "plain":
            continue
        args = member.args
        params = positional_params(args)
        if len(params) != 2 or args.vararg or args.kwarg or args.kwonlyargs or args.defaults:
            continue
        receiver, item = params[0].arg, params[1].arg
        body = member.body
        if len(body) == 2 and type(body[1]) is ast.Return and type(body[1].value) is ast.Name \
                and body[1].value.id == item:
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
    stores = interp._attribute_stores().get(attr, ())
    if facts.init is None or len(stores) != 1 or type(facts.stores.get(attr)) is not ast.List:
        return False
    if not any(type(stmt) is ast.Assign and stmt.targets == [stores[0]] for stmt in facts.init.body):
        return False
    adders = {name for name, field in _adders(interp, cls).items() if field == attr}
    allowed = {id(stores[0])}
    for member in cls.body:
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
            if type(node) in (ast.For, ast.comprehension) and _field_of(node.iter, receiver, attr):
                allowed.add(id(node.iter))  # `for hook in self.hooks`, `[h(x) for h in self.hooks]`
        if member.name in adders:
            allowed.add(id(member.body[0].value.func.value))
    owners: dict[tuple[int, str], ast.FunctionDef] = {}
    for function in iter_nodes(interp.scope.tree):
        if not isinstance(function, DEFS):
            continue
        for stmt in function.body:
            for name in _receiver_names(stmt):
                fill = _fill_of(interp, cls, stmt, name)
                func = _filling(stmt)[0]
                if fill is not None and fill[0] == attr and id(func.value) not in allowed:  # not an adder's own body
                    allowed.add(id(func.value if func.attr in _GROWERS else func))
                    owners[(id(function), name)] = function
    for node in iter_nodes(interp.scope.tree):
        if type(node) is ast.Attribute and (node.attr == attr or node.attr in adders) and id(node) not in allowed:
            return False
        if type(node) is ast.Constant and (node.value == attr or node.value in adders):
            return False  # `getattr(trainer, "hooks")`
    return all(_sole_owner(interp, cls, function, name, attr) for (_, name), function in owners.items())


def _field_of(expr: ast.expr, receiver: str, attr: str) -> bool:
    return type(expr) is ast.Attribute and expr.attr == attr and type(expr.value) is ast.Name and expr.value.id == receiver


def _receiver_names(stmt: ast.stmt) -> list[str]:
    filling = _filling(stmt)
    func = filling[0] if filling is not None else None
    if func is not None and type(func.value) is ast.Name:
        return [func.value.id]
    if func is not None and type(func.value) is ast.Attribute and type(func.value.value) is ast.Name:
        return [func.value.value.id]
    return []


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
        receivers.add(id(func.value.value if func.attr in _GROWERS and type(func.value) is ast.Attribute else func.value))
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
    for member in cls.body:
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
