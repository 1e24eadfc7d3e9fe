"""Fields `__init__` sets only when a parameter was given (issue 13), as Keras's LambdaCallback
does:

    class LambdaCallback(Callback):
        def __init__(self, on_batch_end=None):
            super().__init__()
            if on_batch_end is not None:
                self.on_batch_end = on_batch_end     # shadows the method

The store is `if <param> is not None: self.<attr> = <param>` at `__init__`'s top level (no
`else`), the parameter never rebound, the attribute stored nowhere else in the module and by no
other `__init__` of the class's chain, nothing setting attributes by name. A construction that
passes a value known not to be None gives the object that field (a function stored so is no
bound method: it is called with the arguments as written); a read of the attribute on an object
whose construction is not known, or that passed None or an unknown value, stays unknown.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import positional_params
from codemods.analysis.values import UNKNOWN, ClassValue, Const, DictValue, Function, Instance, Partial, TupleValue, Value

_NOT_NONE = (Function, Partial, Instance, ClassValue, TupleValue, DictValue)


def guarded_stores(init: ast.FunctionDef) -> dict[str, tuple[str, ast.Attribute]]:
    """attr -> (parameter, store target) of the guarded stores of `init`."""
    found = getattr(init, "_shardfix_guarded_stores", None)
    if found is None:
        found = init._shardfix_guarded_stores = _guarded(init)
    return found


def _guarded(init: ast.FunctionDef) -> dict:
    params = positional_params(init.args)
    if not params:
        return {}
    receiver, names = params[0].arg, {param.arg for param in params[1:]} | {a.arg for a in init.args.kwonlyargs}
    found: dict[str, tuple[str, ast.Attribute]] = {}
    for stmt in init.body:
        if type(stmt) is not ast.If or stmt.orelse or len(stmt.body) != 1:
            continue
        test, store = stmt.test, stmt.body[0]
        if not (type(test) is ast.Compare and type(test.left) is ast.Name and test.left.id in names
                and len(test.ops) == 1 and type(test.ops[0]) is ast.IsNot and type(test.comparators[0]) is ast.Constant
                and test.comparators[0].value is None):
            continue
        if type(store) is not ast.Assign or len(store.targets) != 1 or type(store.targets[0]) is not ast.Attribute \
                or type(store.targets[0].value) is not ast.Name or store.targets[0].value.id != receiver \
                or type(store.value) is not ast.Name or store.value.id != test.left.id:
            continue
        param = test.left.id
        if any(type(node) is ast.Name and node.id in (param, receiver) and type(node.ctx) is not ast.Load
               for node in ast.walk(init)) or store.targets[0].attr in found:
            return {}
        found[store.targets[0].attr] = (param, store.targets[0])
    return found


class GuardedStores:
    """Interpreter hooks (which supply class_facts, _init_frame and the field stores)."""

    def construct(self, receiver, args, keywords, starred) -> Value:
        built = super().construct(receiver, args, keywords, starred)
        guarded = self._guarded_of(receiver.cls) if isinstance(built, Instance) and built.fields is not None else None
        if not guarded:
            return built
        facts = self.class_facts(receiver.cls)
        frame = self._init_frame(facts.init, [value for value, _ in args],
                                 {name: value for name, (value, _) in keywords.items()}, receiver.cls)
        if frame is None:
            return UNKNOWN
        fields = dict(built.fields)
        for attr, (param, _) in guarded.items():
            given = frame.vars.get(param)
            if isinstance(given, _NOT_NONE) or isinstance(given, Const) and given.value is not None:
                fields[attr] = given
            elif not (isinstance(given, Const) and given.value is None):
                return UNKNOWN  # given or not: not known
        return Instance(receiver.cls, tuple(sorted(fields.items())))

    def class_attribute(self, receiver, attr: str) -> Value:
        if isinstance(receiver, Instance) and not receiver.building:
            guarded = self._guarded_of(receiver.cls)
            if guarded and attr in guarded:
                held = dict(receiver.fields).get(attr) if receiver.fields is not None else None
                return held if held is not None else UNKNOWN
        return super().class_attribute(receiver, attr)

    def _guarded_of(self, cls: ast.ClassDef) -> dict | None:
        """The guarded stores of the class's own `__init__` (the one its objects run), when no
        other code stores those attributes."""
        key = ("guarded_stores", id(cls))
        if key not in self._class_tables:
            self._class_tables[key] = None
            facts = self.class_facts(cls)
            init = facts.init if facts.constructible and facts.wrapper is None else None
            found = guarded_stores(init) if init is not None and facts.init in cls.body else {}
            from codemods.analysis.field_changers import Everything

            changers = self._field_changers()
            if found and not isinstance(changers, Everything) and not any(attr in changers for attr in found) \
                    and all(self._attribute_stores().get(attr, ()) == [target] and attr not in facts.stores
                            and not (facts.base is not None and facts.base.sets(attr))
                            for attr, (_, target) in found.items()) \
                    and not self.scope.subclassed(cls):
                self._class_tables[key] = found
        return self._class_tables[key]
