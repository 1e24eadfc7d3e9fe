"""Fields a method sets after construction (issue 13): scikit-learn-like estimators whose `fit`
stores `self.theta_ = ...` and returns `self`, read by another method of the chain
`Adjuster(axis).fit(x).shared()`.

The interpreter's objects are immutable values, so a field stored later is followed only when no
object of the class can ever hold another value in it, or hold it at another time:
- the module stores the attribute exactly once (besides `self.<attr> = None` in `__init__`'s own
  body, read as unknown), by `self.<attr> = expr` as a statement of the method's own body (not
  under an `if`, a loop or a `try`), `self` its first parameter, never rebound; the method is a
  plain, undecorated, non-generator method of a module-level class without bases, decorators or
  a metaclass, that no class extends and whose body binds nothing of that name; no code calls an
  `__init__` again;
- in that method `self` is only read for fields (no method of the class called through it) or
  returned (`return self`), so no other code gets the object while it runs;
- the method's name is read in the module only as `Cls(...).<method>(...)`, or as a statement
  `est.<method>(...)` at the top level of a function that binds `est` once, by `est = Cls(...)`
  above it, calls the method on it there only, and reads it otherwise only as `est.attr`: each
  object has the method run at most once (a second `est.fit(...)`, an alias, a helper given the
  object, or `getattr(est, "fit")` leaves the field unknown); after that statement `est` holds the
  object the method left.
The value the statement stores is then the field's value from that moment on, for the object
the method returns; an object that never ran the store has no such field (unknown).
"""
from __future__ import annotations

from typing import TYPE_CHECKING
import ast

from codemods.analysis.filled_fields import fill_in_run, filled_value
from codemods.analysis.item_fills import filled_holder_field, item_filled_field
from codemods.analysis.object_methods import class_bindings
from codemods.analysis.own_setattrs import hooked_chain
from codemods.analysis.registry_objects import registry_field
from codemods.analysis.run_fields import run_field, run_store
from codemods.analysis.set_fields import set_field
from codemods.analysis.mutation import mutated_names
from codemods.analysis.nodes import iter_nodes, positional_params
from codemods.analysis.scopes import method_kind
from codemods.analysis.values import UNKNOWN, Const, DictValue, Instance, TupleValue, Value

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

_SCOPE_CHANGES = (ast.Yield, ast.YieldFrom, ast.Await, ast.Global, ast.Nonlocal)


def set_later(interp, cls: ast.ClassDef, attr: str) -> ast.Assign | None:
    """The one statement that sets `attr` on objects of `cls` after construction, when the rules
    above hold; None otherwise."""
    key = ("set_later", id(cls), attr)
    if key not in interp._class_tables:
        interp._class_tables[key] = _find_store(interp, cls, attr)
    return interp._class_tables[key]


def _find_store(interp, cls: ast.ClassDef, attr: str) -> ast.Assign | None:
    stores = [node for node in interp._attribute_stores().get(attr, ()) if not _declared(cls, node)]
    if len(stores) != 1 or cls not in interp.scope.tree.body or not _plain_class(interp, cls) \
            or interp._init_called_directly():  # `est.__init__(...)` again resets the object
        return None
    target = stores[0]
    for method in cls.body:
        if type(method) is not ast.FunctionDef or method.name == "__init__":
            continue
        for stmt in method.body:
            if type(stmt) is ast.Assign and len(stmt.targets) == 1 and stmt.targets[0] is target:
                return stmt if _quiet_method(interp, cls, method, target) else None
    return None


def _declared(cls: ast.ClassDef, node: ast.Attribute) -> bool:
    """`self.attr = None` (read as unknown), or an empty `[]` / `{}` / `()` (a Reducer's
    `self.buckets = []` before `prepare` fills it), as a statement of `__init__`'s own body: the
    field before the method runs."""
    init = next((member for member in cls.body if type(member) is ast.FunctionDef and member.name == "__init__"), None)
    params = positional_params(init.args) if init is not None else []
    return bool(params) and type(node.value) is ast.Name and node.value.id == params[0].arg and any(
        type(stmt) is ast.Assign and stmt.targets == [node] and _unset(stmt.value) for stmt in init.body)


def _unset(value: ast.expr) -> bool:
    return type(value) is ast.Constant and value.value is None \
        or type(value) in (ast.List, ast.Tuple) and not value.elts or type(value) is ast.Dict and not value.keys


def _plain_class(interp, cls: ast.ClassDef) -> bool:
    if cls.bases and not (len(cls.bases) == 1 and type(cls.bases[0]) is ast.Name and cls.bases[0].id == "object"):
        return False
    return not cls.decorator_list and not cls.keywords and not interp.scope.subclassed(cls)


def _quiet_method(interp, cls: ast.ClassDef, method: ast.FunctionDef, target: ast.Attribute) -> bool:
    params = positional_params(method.args)
    if method.decorator_list or method_kind(method) != "plain" or not params:
        return False
    receiver = params[0].arg
    if type(target.value) is not ast.Name or target.value.id != receiver:
        return False
    members = {member.name for member in cls.body if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef))}
    bound = {node.id for node in iter_nodes(cls) if type(node) is ast.Name and not isinstance(node.ctx, ast.Load)}
    if target.attr in bound or target.attr in members or method.name in bound:
        return False  # a class attribute of that name could be a descriptor; an alias of the method
    returned = {id(stmt.value) for stmt in iter_nodes(method) if type(stmt) is ast.Return and stmt.value is not None}
    reads = {id(node.value) for node in iter_nodes(method)
             if type(node) is ast.Attribute and (node is target or node.attr not in members)}
    for node in iter_nodes(method):
        if isinstance(node, _SCOPE_CHANGES):
            return False
        if type(node) is ast.Name and node.id == receiver:
            if not isinstance(node.ctx, ast.Load) or (id(node) not in reads and id(node) not in returned):
                return False
        if type(node) is ast.arg and node.arg == receiver and node is not params[0]:
            return False  # a nested function's parameter of the same name
    return _called_once_each(interp, cls, method.name)


def _called_once_each(interp, cls: ast.ClassDef, name: str) -> bool:
    """Every read of the method's name is `Cls(...).name(...)` on a fresh construction, or a
    statement `est.name(...)` of its own that runs once on an object no other name holds."""
    calls = {id(node.func) for node in iter_nodes(interp.scope.tree) if type(node) is ast.Call}
    sites = _statement_sites(interp, name)
    found = False
    for node in iter_nodes(interp.scope.tree):
        if type(node) is ast.Attribute and node.attr == name:
            fresh = type(node.value) is ast.Call and type(node.value.func) is ast.Name and node.value.func.id == cls.name
            if not (id(node) in calls and isinstance(node.ctx, ast.Load)) \
                    or not fresh and (id(node) not in sites or not _sole_holder(cls, name, *sites[id(node)])):
                return False
            found = True
        elif type(node) is ast.Constant and node.value == name:
            return False  # `getattr(obj, "fit")`
    return found


def _statement_sites(interp, name: str) -> dict[int, tuple[ast.AST, int, str]]:
    """`est.name(...)` statements at the top level of a function: id of the attribute ->
    (function, index of the statement, `est`)."""
    sites = {}
    for function in iter_nodes(interp.scope.tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for index, stmt in enumerate(function.body):
            receiver = method_statement(stmt, name)
            if receiver is not None:
                sites[id(stmt.value.func)] = (function, index, receiver)
    return sites


def method_statement(stmt: ast.stmt, name: str | None) -> str | None:
    """`est` of a statement `est.name(...)` (any method when `name` is None)."""
    if type(stmt) is ast.Expr and type(stmt.value) is ast.Call and type(stmt.value.func) is ast.Attribute \
            and type(stmt.value.func.value) is ast.Name and (name is None or stmt.value.func.attr == name):
        return stmt.value.func.value.id
    return None


def _sole_holder(cls: ast.ClassDef, name: str, function, index: int, holder: str) -> bool:
    """`holder` is bound once in `function`, by `holder = Cls(...)` above the statement at
    `index`, the only call of `name` on it; every other read of it is `holder.attr`."""
    if any(type(node) is ast.arg and node.arg == holder or isinstance(node, (ast.Global, ast.Nonlocal))
           and holder in node.names for node in iter_nodes(function)):
        return False
    stores = [node for node in iter_nodes(function) if type(node) is ast.Name and node.id == holder
              and not isinstance(node.ctx, ast.Load)]
    binding = next((at for at, stmt in enumerate(function.body) if type(stmt) is ast.Assign
                    and stmt.targets == stores), None) if len(stores) == 1 else None
    if binding is None or binding > index:
        return False
    value = function.body[binding].value
    if type(value) is not ast.Call or type(value.func) is not ast.Name or value.func.id != cls.name:
        return False
    fields = {id(node.value) for node in iter_nodes(function) if type(node) is ast.Attribute
              and isinstance(node.ctx, ast.Load)}
    runs = [node for node in iter_nodes(function) if type(node) is ast.Attribute and node.attr == name
            and type(node.value) is ast.Name and node.value.id == holder]
    return len(runs) == 1 and all(id(node) in fields for node in iter_nodes(function)
                                  if type(node) is ast.Name and node.id == holder and isinstance(node.ctx, ast.Load))


def run_statement(interp, small: ast.Expr, frame: Frame) -> None:
    """Run a statement; after `est.fit(x)` of such a method, `est` holds the object the method
    left (with the fields it set)."""
    if fill_in_run(interp, small, frame):
        return  # `head.register_forward_hook(clamp)` in the body itself (filled_fields.py)
    holder = method_statement(small, None)
    before = frame.vars.get(holder) if holder is not None else None
    outer, interp.stored_self = interp.stored_self, None  # a statement inside `fit` keeps what `fit` set
    interp.eval(small.value, frame)
    after, interp.stored_self = interp.stored_self, outer
    if isinstance(before, Instance) and after is not None and after[0] is before \
            and method_statement(small, setting_method(interp, before.cls, small.value.func.attr)) == holder:
        frame.vars[holder] = after[1]


def setting_method(interp, cls: ast.ClassDef, name: str) -> str | None:
    """`name` when it is a method of `cls` that sets a field after construction."""
    method = next((member for member in cls.body if type(member) is ast.FunctionDef and member.name == name), None)
    if method is None:
        return None
    for stmt in method.body:
        if type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Attribute \
                and set_later(interp, cls, stmt.targets[0].attr) is stmt:
            return name
    return None


def store_later(interp, target: ast.Attribute, value: Value, frame: Frame) -> None:
    """Run `self.<attr> = value` of such a method: the object `self` holds gains the field."""
    function = frame.function
    if type(target.value) is not ast.Name or not isinstance(function, ast.FunctionDef):
        return run_store(interp, target, value, frame)  # (run_fields.py)
    cls = interp.scope.class_of(function)
    if cls is None or set_later(interp, cls, target.attr) is None \
            or set_later(interp, cls, target.attr).targets[0] is not target:
        return run_store(interp, target, value, frame)
    receiver = frame.vars.get(target.value.id)
    if not isinstance(receiver, Instance) or receiver.cls is not cls or receiver.fields is None or receiver.building:
        return
    fields = dict(receiver.fields)
    if target.attr in fields and not (isinstance(fields[target.attr], Const) and fields[target.attr].value is None
                                      or type(fields[target.attr]) in (TupleValue, DictValue) and not fields[target.attr].items):
        return  # (`__init__`'s `[]`, `{}` or None: what _declared allows before the method runs)
    fields[target.attr] = value
    after = Instance(cls, tuple(sorted(fields.items(), key=lambda item: item[0])))
    frame.vars[target.value.id] = after
    stored = interp.stored_self  # a second field of the same run: one object still (a field the run stored before: run_fields.py)
    interp.stored_self = (stored[0] if stored is not None and stored[1] is receiver else getattr(receiver, "origin", None) or receiver, after)


def later_field(interp, receiver: Instance, attr: str) -> Value | None:
    """The value an object got from such a method, or the items of a list field filled after
    construction (filled_fields.py); None otherwise."""
    if hooked_chain(interp.scope, receiver.cls) and not isinstance(class_bindings(receiver.cls).unique_function(attr), ast.FunctionDef):
        return UNKNOWN  # an object whose class defines `__setattr__`: its fields hold what that stored (field_changers.py)
    if (stored := run_field(interp, receiver, attr)) is not None:
        return stored  # `self.losses` that `self.call(...)` stored earlier in this run (run_fields.py)
    if (filled := filled_value(interp, receiver, attr)) is not None:
        return filled
    if (filled := item_filled_field(interp, receiver, attr)) is not None:
        return filled  # the table `layout_map[k] = v` stores filled (item_fills.py)
    if (filled := filled_holder_field(interp, receiver, attr)) is not None:
        return filled  # `self.layout_map` holding such an object
    if (filed := registry_field(interp, receiver, attr)) is not None:
        return filed  # `self._entries` of a registry object the module filled (registry_objects.py)
    if (stored := set_field(interp, receiver, attr)) is not None:
        return stored  # `config.cache_axes = ...` right after `config = Config(...)` (set_fields.py)
    if receiver.fields is None or receiver.building:
        return None
    held = dict(receiver.fields)
    if attr not in held or set_later(interp, receiver.cls, attr) is None:
        return None
    if attr in interp._field_changers() or "." + attr in mutated_names(interp.scope.tree):
        return None
    return None if isinstance(held[attr], Const) and held[attr].value is None else held[attr]
