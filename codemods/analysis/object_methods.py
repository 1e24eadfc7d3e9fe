"""Methods of an object of a module class found the way Python finds them, and the reads of such
an object that can never call it: a PyTorch- or Keras-style module is called as `layer(x)`, and
its `__call__` is often not written in its own class body.

- Through the class chain: `class Linear(Module)` whose base's `__call__` runs
  `self.forward(*args)`, looked up in the class, then in its module bases (single inheritance
  only; a base the module does not define, a metaclass or several bases leave it unknown).
- Through an alias in the class body: `__call__ = forward` (the def bound once in that body).
- Reads that cannot reach the object's `__call__`: `layer.state_dict()`, `net.tasks`, when no
  method of the chain lets its receiver go anywhere but `self.attr` (so no field, property or
  method can hand the object on, or call it).
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, FunctionNode, nodes_of_type, positional_params
from codemods.analysis.scopes import ModuleScope, bindings_of, method_kind

_MAX_CHAIN = 8


def class_chain(scope: ModuleScope, cls: ast.ClassDef) -> list[ast.ClassDef] | None:
    """`cls` and its bases in lookup order, when each has at most one base, a module class (or
    `object`); None when Python's lookup may go elsewhere."""
    chain = list(_lookup_order(scope, cls))
    return None if chain[-1] is None else chain


def _lookup_order(scope: ModuleScope, cls: ast.ClassDef):
    """The classes Python searches, ending with None where the search leaves what is known."""
    for _ in range(_MAX_CHAIN):
        if cls.keywords:
            break
        yield cls
        bases = [base for base in cls.bases if not (type(base) is ast.Name and base.id == "object")]
        if not bases:
            return
        if len(bases) != 1 or type(bases[0]) is not ast.Name or bases[0].id not in scope.classes:
            break
        cls = scope.classes[bases[0].id]
    yield None


def class_method(scope: ModuleScope, cls: ast.ClassDef, name: str) -> FunctionNode | None:
    """The def `name` finds on the class: the first class searched whose body binds it, as one
    def, or as `name = other` naming one def of that body written above."""
    for klass in _lookup_order(scope, cls):
        if klass is None:
            return None
        bindings = bindings_of(klass)
        if not bindings.binds(name):
            continue
        function = bindings.unique_function(name)
        if function is not None:
            return function
        alias = bindings.unique_value(name)
        if type(alias) is ast.Name and alias.id != name:
            target = bindings.unique_function(alias.id)
            return target if target is not None and target.lineno < alias.lineno else None
        return None
    return None


def plain_chain(cls: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> bool:
    """No class up the chain has a decorator, a metaclass, an `__init__` (or `__new__`), or an
    annotated field: its objects are built with no arguments and start with no fields."""
    for _ in range(_MAX_CHAIN):
        if cls.decorator_list or cls.keywords or any(
                isinstance(stmt, ast.AnnAssign) or isinstance(stmt, DEFS) and stmt.name in _BUILDERS for stmt in cls.body):
            return False
        bases = [base for base in cls.bases if not (type(base) is ast.Name and base.id == "object")]
        if not bases:
            return True
        if len(bases) != 1 or type(bases[0]) is not ast.Name or bases[0].id not in classes:
            return False
        cls = classes[bases[0].id]
    return False


_BUILDERS = frozenset({"__init__", "__new__", "__post_init__", "__init_subclass__", "__setattr__"})


def call_classes(scope: ModuleScope, function: FunctionNode) -> list[ast.ClassDef] | None:
    """The module classes whose objects run `function` when called: its class when it is that
    class's `__call__` (by name or alias), and the subclasses that inherit it ([]: not a
    `__call__`; None: a subclass the search cannot follow)."""
    owner = scope.class_of(function)
    if owner is None or not (function.name == "__call__" or _aliased_call(owner, function)):
        return []
    found, frontier = [owner], [owner]
    while frontier:
        base = frontier.pop()
        for cls in nodes_of_type(scope.tree, ast.ClassDef):
            if not any(type(node) is ast.Name and node.id == base.name for node in cls.bases):
                continue
            if len(cls.bases) != 1 or cls.keywords or scope.classes.get(cls.name) is not cls or len(found) > _MAX_CHAIN:
                return None
            if not bindings_of(cls).binds("__call__"):  # one that overrides it runs its own
                found.append(cls)
                frontier.append(cls)
    return found


def _aliased_call(cls: ast.ClassDef, function: FunctionNode) -> bool:
    alias = bindings_of(cls).unique_value("__call__")
    return type(alias) is ast.Name and alias.id == function.name


class ObjectReads:
    """Reads of an object of a module class that never call it (mixed into the Interpreter,
    which supplies scope, the parent map and the class tables)."""

    def objects_analysed(self, classes: list[ast.ClassDef] | None, function: FunctionNode, analysed: set[int]) -> bool:
        """A `__call__` (own, aliased or inherited) is judged when every object that may run it
        was analysed: each class running it is constructed only where analysed (or never), one
        of them is, and the def's other name (`.forward`) is read only where analysed."""
        if not classes:
            return False
        constructed = False
        for cls in classes:
            self._constructions(cls)
            calls = self._class_tables.get(("constructions", id(cls)))
            if calls is None:
                return False
            if calls:
                constructed = True
                if not self._instances_analysed(cls, analysed):
                    return False
        aliased = function.name != "__call__"
        return constructed and (not aliased or all(id(node) in analysed for node in nodes_of_type(self.scope.tree, ast.Attribute)
                                                   if node.attr == function.name))

    def read_cannot_call(self, read: ast.expr, cls: ast.ClassDef) -> bool:
        """`obj.field` or `obj.method(...)` loaded (never stored), no dunder, of a class whose
        methods use their receiver only as `self.attr`."""
        parent = self._parent_map().get(id(read))
        if type(parent) is not ast.Attribute or parent.value is not read or type(parent.ctx) is not ast.Load \
                or parent.attr.startswith("__"):
            return False
        key = ("confined", id(cls))
        if key not in self._class_tables:
            self._class_tables[key] = _receiver_confined(self.scope, cls)
        return self._class_tables[key]


def _receiver_confined(scope: ModuleScope, cls: ast.ClassDef) -> bool:
    chain = class_chain(scope, cls)
    if chain is None:
        return False
    for klass in chain:
        for member in klass.body:
            if not isinstance(member, DEFS):
                if any(type(node) is ast.Name and node.id == "self" for node in ast.walk(member)):
                    return False
                continue
            kind = method_kind(member)
            if kind is None:
                return False  # a decorator may hand the object anywhere
            params = positional_params(member.args)
            if kind in ("static", "class") or not params:
                continue
            receiver = params[0].arg
            used_as_value = {id(node.value) for node in nodes_of_type(member, ast.Attribute)
                             if not node.attr.startswith("__")}
            if any(node.id == receiver and id(node) not in used_as_value
                   for node in nodes_of_type(member, ast.Name) if isinstance(node.ctx, ast.Load)):
                return False
    return True
