"""Fields an object's methods store while a body runs (issue 13): a Keras model whose `call`
sets `self.losses = [...]` read back by `compute_loss` after `self.call(...)` in the same run.

The interpreter's objects are immutable values, so a store `obj.attr = v` of a run makes a new
version of the object (a RunObject: the object as built plus the stored fields, `marks`) that
every name of the running frame holding the object gets; when the function returns, the names of
its caller holding that object get the version the function ended with (after its own branches
and loops joined their versions: a field one path stored and another did not is unknown). A
stored field is read from a version only when nothing may have changed it since:
- each store of a field on objects of a class is numbered; a version whose mark is not the last
  store of that field on that class is an old copy (a list or another object kept it): unknown;
- a store through anything but a known object (a parameter standing for any object, an unknown
  value) may change any object's field of that name; code the analysis does not run (a call it
  cannot follow, a function of another module given an object or a function) may change any:
  such fields are unknown for the rest of the run;
- the class chain is known and defines no `__slots__`, `__setattr__`, `__getattribute__` or
  `__delattr__`, and binds the name, if at all, to a constant (no descriptor runs instead); the
  module changes no field by name (`setattr`, `vars`, `__dict__`).
Objects being built (`self` in a constructor run) keep the reading of classes.py. Stores run
before the body's own frame (resolving its receiver) or in a silent pass only number the field.
"""
from __future__ import annotations

import ast

from codemods.analysis.field_changers import Everything
from codemods.analysis.nodes import nodes_of_type
from codemods.analysis.object_methods import class_bindings, class_chain
from codemods.analysis.values import (UNKNOWN, ClassValue, Function, Instance, Partial, RunObject, Value, join,
                                      leaves)

_HOOKS = ("__slots__", "__setattr__", "__getattribute__", "__delattr__")
_ANY = "*"


class _RunStores:
    """The stores of one body run."""

    def __init__(self, run) -> None:
        self.run = run
        self.last: dict[tuple[int, str], int] = {}  # (class, field) -> number of its last store
        self.spoiled: set[str] = set()  # fields (or every field: "*") some unseen code may have set


_numbers = iter(range(1 << 62))  # store numbers unique across runs (an old run's version never matches)


def _stores(interp) -> _RunStores:
    state = getattr(interp, "_run_stores", None)
    if state is None or state.run is not interp.run:
        state = interp._run_stores = _RunStores(interp.run)
    return state


def run_store(interp, target: ast.Attribute, value: Value, frame) -> None:
    """`obj.attr = value` in a body run: the frame's names holding the object hold the new version."""
    if interp.run is None:
        return
    attr = target.attr
    holder = frame.vars.get(target.value.id) if type(target.value) is ast.Name else None
    if isinstance(holder, Instance) and holder.building:
        return  # a new object's constructor: no object seen before changes
    state = _stores(interp)
    if not isinstance(holder, Instance) or holder.fields is None or not _trackable(interp, holder.cls, attr):
        state.spoiled.add(attr)
        return
    number = next(_numbers)
    state.last[(id(holder.cls), attr)] = number  # older copies' marks of the field are unknown from here
    if interp.silent or not interp.running or interp.running[0].function is not interp.run.use.body:
        return  # a loop's search for its fixpoint, a replay of a setup method, what is read before the body runs
    origin = holder.origin if isinstance(holder, RunObject) else holder
    marks = tuple(mark for mark in getattr(holder, "marks", ()) if mark[0] != attr) + ((attr, value, number),)
    after = RunObject(holder.cls, holder.fields, False, origin, marks)
    for name, held in list(frame.vars.items()):
        if held is holder:
            frame.vars[name] = after


def built_in_run(interp, built: Instance, attrs: list[str]) -> Instance:
    """An object the body's own run constructs: its fields `attrs` count as stores of this run
    (a dict field later changed in place by item stores: field_items.py)."""
    if interp.run is None or interp.silent or not interp.running or interp.running[0].function is not interp.run.use.body:
        return built
    state = _stores(interp)
    marks = []
    for attr in attrs:
        number = next(_numbers)
        state.last[(id(built.cls), attr)] = number
        marks.append((attr, dict(built.fields)[attr], number))
    return RunObject(built.cls, built.fields, False, built, tuple(marks)) if marks else built


def run_field(interp, receiver: Instance, attr: str) -> Value | None:
    """What a store of this run left in `attr` of the object (None: no such store)."""
    if not isinstance(receiver, RunObject):
        return None
    for name, value, number in receiver.marks:
        if name == attr:
            state = getattr(interp, "_run_stores", None)
            if state is None or state.run is not interp.run or state.last.get((id(receiver.cls), attr)) != number \
                    or attr in state.spoiled or _ANY in state.spoiled:
                return UNKNOWN
            return value
    return None


class RunFields:
    """The Interpreter's half (which supplies `running`, `run`)."""

    def hand_back(self, frame) -> None:
        handed_back(self, frame)

    def unseen_code(self, values=None) -> None:
        unseen_code(self, values)


def handed_back(interp, frame) -> None:
    """A function returned: its caller's names holding an object it stored fields on hold the
    version it ended with."""
    state = getattr(interp, "_run_stores", None)
    if state is None or not state.last or not interp.running or state.run is not interp.run:
        return
    ended: dict[int, Value] = {}
    for held in frame.vars.values():
        if isinstance(held, RunObject):
            key = id(held.origin)
            ended[key] = held if ended.get(key, held) is held else join(ended[key], held)
    if not ended:
        return
    caller = interp.running[-1]
    for name, held in list(caller.vars.items()):
        if isinstance(held, Instance):
            version = ended.get(id(held.origin if isinstance(held, RunObject) else held))
            if version is not None:
                caller.vars[name] = version


def unseen_code(interp, values=None) -> None:
    """Code the analysis does not run: module code (`values` None) may set any field, a function
    of another module when it was handed an object or a function (`values`)."""
    if interp.run is not None and (values is None or any(isinstance(leaf, (Instance, Function, Partial, ClassValue))
                                                         for value in values for leaf in leaves(value))):
        _stores(interp).spoiled.add(_ANY)


def _trackable(interp, cls: ast.ClassDef, attr: str) -> bool:
    key = ("run_fields", id(cls), attr)
    if key not in interp._class_tables:
        interp._class_tables[key] = _plain_field(interp, cls, attr)
    return interp._class_tables[key]


def _plain_field(interp, cls: ast.ClassDef, attr: str) -> bool:
    if isinstance(interp._field_changers(), Everything) or attr in interp.class_facts(cls).opaque \
            or attr in _deleted(interp.scope.tree) or _ANY in _deleted(interp.scope.tree):
        return False
    chain = class_chain(interp.scope, cls)
    if chain is None:
        return False
    for klass in chain:
        bindings = class_bindings(klass)
        if any(bindings.binds(hook) for hook in _HOOKS):
            return False
        if bindings.binds(attr) and type(bindings.unique_value(attr)) is not ast.Constant:
            return False  # a property or another descriptor would run instead of the store
    return True


def _deleted(tree: ast.Module) -> frozenset[str]:
    """Fields some code deletes (`del obj.attr`; any, `*`, when the module calls `delattr`): a
    deletion is no store a version follows."""
    found = tree.__dict__.get("_shardfix_deleted_fields")
    if found is None:
        names = {target.attr for node in nodes_of_type(tree, ast.Delete) for target in node.targets
                 if type(target) is ast.Attribute}
        if any(node.id == "delattr" for node in nodes_of_type(tree, ast.Name)):
            names.add(_ANY)
        found = tree.__dict__["_shardfix_deleted_fields"] = frozenset(names)
    return found
