"""Item stores into a dict field of an object while a body runs (issue 13): a loss book

    class AuxLossBook:
        def __init__(self, axis):
            self.axis = axis
            self.entries = {}

        def add(self, name, value):
            self.entries[name] = value       # the book's own table gets the item

        def total(self):
            values = list(self.entries.values())
            ...

    book = AuxLossBook("expert")            # in the shard_map body
    book.add("z_loss", z)
    return book.total()

`self.entries[name] = value` changes the dict the field holds; Python's next read of the field
finds the item. The interpreter's objects are immutable, so the store is followed as a store of
the field itself (`self.entries = {**self.entries, name: value}`, run_fields.py: the object gets
a new version that every name of the run holding it gets), which is the same thing only when no
other name holds that dict: the field is the module's only store of `.entries`, a dict display in
`__init__`; every other `.entries` of the module is the base of an item store (`x.entries[k] = v`)
or a read that keeps nothing of the dict (an item, `k in`, a loop over it, `.get(k)`, `len`,
`.values()`/`.items()`/`.keys()` walked at once or copied by `list`/`tuple`/`sorted`); no code
deletes an item or calls another method on it. The key must be a str constant; the object one a
run built or was handed with its fields known (run_fields.py says when a version is read back).
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import module_parents, nodes_of_type
from codemods.analysis.run_fields import built_in_run, run_store
from codemods.analysis.values import UNKNOWN, ClassValue, Const, DictValue, Instance, RunObject

_VIEWS = frozenset({"values", "items", "keys"})
_COPIES = frozenset({"list", "tuple", "sorted"})


class FieldItems:
    """Interpreter hook (which supplies eval, eval_silently, call and the run's frames)."""

    def store_item(self, target: ast.Subscript, value, frame) -> None:
        if not _field_item_store(self, target, value, frame):
            super().store_item(target, value, frame)

    def call(self, callee, expr, args, keywords, starred, frame):
        built = super().call(callee, expr, args, keywords, starred, frame)
        if self.run is None or type(callee) is not ClassValue or not isinstance(built, Instance) \
                or type(built) is not Instance or built.fields is None or built.building or built.cls is not callee.cls \
                or not _in_run(self, frame):
            return built  # (a construction a static frame reads may be an object the module changed since)
        tables = [attr for attr, value in built.fields if type(value) is DictValue and _private_table(self, attr)
                  and _own_table(self, built.cls, attr)]
        return built_in_run(self, built, tables) if tables else built  # (run_fields.py)


def _in_run(interp, frame) -> bool:
    """The frame is one of the run's own (or a comprehension's inside one), not a static frame."""
    while frame is not None:
        if any(frame is running for running in interp.running):
            return True
        if frame.static_scopes is not None or frame.opaque:
            return False
        frame = frame.parent
    return False


def _field_item_store(interp, target: ast.Subscript, value, frame) -> bool:
    """Whether the store made a new version of the object (else it is read as before, and any
    version a run made of an object's table is unknown from here)."""
    held = target.value
    if type(held) is not ast.Attribute or interp.run is None or not _private_table(interp, held.attr):
        return False
    receiver = frame.vars.get(held.value.id) if type(held.value) is ast.Name else None
    current = interp.eval_silently(held, frame) if isinstance(receiver, Instance) else None
    if not isinstance(target.ctx, ast.Store) or type(target.slice) not in (ast.Constant, ast.Name) \
            or type(current) is not DictValue or receiver.fields is None or receiver.building:
        run_store(interp, held, UNKNOWN, frame)  # the table changed some way not followed
        return False
    key = interp.eval(target.slice, frame)
    if isinstance(key, Const) and type(key.value) is str:
        items = dict(zip(current.keys, current.items))
        items[key.value] = value
        changed = DictValue(tuple(items), tuple(items.values()))
    else:
        changed = UNKNOWN
    run_store(interp, held, changed, frame)
    after = frame.vars.get(held.value.id)
    return isinstance(after, RunObject) and after is not receiver


def _private_table(interp, attr: str) -> bool:
    key = ("field_items", attr)
    if key not in interp._class_tables:
        interp._class_tables[key] = _read_private_table(interp, attr)
    return interp._class_tables[key]


def _own_table(interp, cls: ast.ClassDef, attr: str) -> bool:
    """The field is stored by this class's own `__init__` (extended by no class), which neither
    changes the table nor hands `self` on after storing it: the built value is the table."""
    stores = interp._attribute_stores().get(attr, ())
    init = module_parents(interp.scope.tree).get(id(module_parents(interp.scope.tree).get(id(stores[0]))))
    if init not in cls.body or interp.scope.subclassed(cls) or cls.decorator_list or cls.keywords \
            or any(not (type(base) is ast.Name and base.id == "object") for base in cls.bases) \
            or any(type(member) is ast.FunctionDef and member.name == "__new__" for member in cls.body):
        return False  # calling the class builds a new object with __init__
    me = init.args.args[0].arg
    return not any(type(node) is ast.Name and node.id == me and node is not stores[0].value
                   and not _field_read(node, init) for node in nodes_of_type(init, ast.Name))


def _field_read(name: ast.Name, init: ast.FunctionDef) -> bool:
    """`self.x` loaded, or stored as a whole field (`self.y = ...`), never `self` handed on or called."""
    parents = {id(child): node for node in ast.walk(init) for child in ast.iter_child_nodes(node)}
    parent = parents.get(id(name))
    if type(parent) is not ast.Attribute:
        return False
    above = parents.get(id(parent))
    return not (type(above) is ast.Call and above.func is parent) and not (type(above) is ast.Subscript and above.value is parent
                                                                          and not isinstance(above.ctx, ast.Load))


def _read_private_table(interp, attr: str) -> bool:
    tree = interp.scope.tree
    stores = interp._attribute_stores().get(attr, ())
    if len(stores) != 1 or attr in interp._field_changers():
        return False
    parents = module_parents(tree)
    assign = parents.get(id(stores[0]))
    init = parents.get(id(assign))
    if type(assign) is not ast.Assign or assign.targets != [stores[0]] or type(assign.value) is not ast.Dict \
            or type(init) is not ast.FunctionDef or init.name != "__init__" or not init.args.args \
            or type(stores[0].value) is not ast.Name or stores[0].value.id != init.args.args[0].arg:
        return False
    for node in nodes_of_type(tree, ast.Attribute):
        if node.attr != attr or node is stores[0]:
            continue
        if not _keeps_nothing(node, parents):
            return False
    if any(interp.scope.globals.binds(name) for name in (*_COPIES, "len")):
        return False  # a module's own `list` may keep what it is given
    return not any(type(node) is ast.Constant and node.value == attr for node in nodes_of_type(tree, ast.Constant))


def _keeps_nothing(read: ast.Attribute, parents) -> bool:
    parent = parents.get(id(read))
    if not isinstance(read.ctx, ast.Load):
        return False
    if type(parent) is ast.Subscript and parent.value is read:
        return not isinstance(parent.ctx, ast.Del)  # `x.t[k]`, `x.t[k] = v` (not `del x.t[k]`)
    if type(parent) is ast.Compare and read in parent.comparators and len(parent.ops) == 1 \
            and type(parent.ops[0]) in (ast.In, ast.NotIn):
        return True
    if type(parent) in (ast.For, ast.comprehension) and parent.iter is read:
        return True
    if type(parent) is ast.Call and parent.args == [read] and not parent.keywords and type(parent.func) is ast.Name \
            and parent.func.id in ("len",):
        return True
    call = parents.get(id(parent))
    if type(parent) is not ast.Attribute or type(call) is not ast.Call or call.func is not parent:
        return False
    if parent.attr == "get":
        return True
    if parent.attr not in _VIEWS or call.args or call.keywords:
        return False
    user = parents.get(id(call))  # the view is live: walked at once or copied, never kept
    return type(user) in (ast.For, ast.comprehension) and user.iter is call or type(user) is ast.Call \
        and user.args == [call] and not user.keywords and type(user.func) is ast.Name and user.func.id in _COPIES
