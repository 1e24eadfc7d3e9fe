"""`self` in a method of a module class that other module classes extend (issue 13): a trainer
base class keeps the axis names and the shard_map body (`super().__init__(mesh, "data")`,
`class Model(Base)` built in `main`, an `abc.ABC` base whose subclasses add the abstract parts).

Such a `self` is an object of the class or of any of its subclasses in the module (a Family
receiver). An attribute read through it is known only when it is the same for every member:
- no subclass binds the name in its body (it would override the method, property or class
  attribute), and each subclass has one base and no metaclass, so Python's lookup from any
  member reaches the class's own binding (object_methods.py's chain);
- a field set by constructors (`self.axis = axis`) gets the same constant from every construction
  of every member in the file (classes.py reads each member's own `__init__` and the
  `super().__init__(...)` it runs); a member the file never constructs has no objects here; a
  member that is constructed without setting the field leaves it unknown.
Whatever classes.py refuses for one class (a store elsewhere, `setattr`, `replace` by name,
mutation) it refuses here for every member. `isinstance`, `type(self)` and class methods, which
tell members apart, stay unknown.
"""
from __future__ import annotations

from codemods.analysis.classmethod_receivers import builds_only_others

import ast
from codemods.dataclass_code import dataclass

from codemods.analysis.hook_marks import opaque_hook, plain_keywords
from codemods.analysis.nodes import DEFS, FunctionNode, nodes_of_type, positional_params
from codemods.analysis.object_methods import class_bindings, class_chain, class_method
from codemods.analysis.scopes import ModuleScope, method_kind
from codemods.analysis.values import UNKNOWN, Function, Instance, Partial, Value, same_value

_MAX_MEMBERS = 16
# Names whose binding in a subclass changes how any attribute is read or stored.
_HOOKS = ("__getattribute__", "__setattr__", "__init_subclass__", "__class_getitem__", "__slots__", "__new__")
# Methods that run while an object is built: its fields may not be stored yet.
_BUILDING = frozenset({"__init__", "__new__", "__post_init__", "__init_subclass__", "__setattr__", "__getattr__"})


@dataclass(frozen=True, eq=False)
class Family:
    """An object of `cls` or of a subclass of it in the module (`self` of a method of `cls`)."""

    cls: ast.ClassDef


def family_members(scope: ModuleScope, cls: ast.ClassDef) -> list[ast.ClassDef] | None:
    """`cls` and every module class deriving from it, when each subclass has exactly that one base
    (a module class, by a plain name bound once), no metaclass and no hook that changes attribute
    access; None otherwise."""
    key = "_shardfix_family"
    if hasattr(cls, key):
        return getattr(cls, key)
    found, frontier = [cls], [cls]
    classes = list(nodes_of_type(scope.tree, ast.ClassDef))
    chain = class_chain(scope, cls) or [cls]
    if any(opaque_hook(klass, hook, class_bindings(klass).binds) for klass in chain for hook in _HOOKS):
        setattr(cls, key, None)
        return None
    while frontier:
        base = frontier.pop()
        for other in classes:
            if not any(node.id == base.name for item in other.bases for node in nodes_of_type(item, ast.Name)):
                continue
            if len(other.bases) != 1 or type(other.bases[0]) is not ast.Name or not plain_keywords(other) \
                    or scope.classes.get(other.name) is not other or scope.classes.get(base.name) is not base \
                    or len(found) >= _MAX_MEMBERS or other in found \
                    or any(opaque_hook(other, hook, class_bindings(other).binds) for hook in _HOOKS):
                setattr(cls, key, None)
                return None
            found.append(other)
            frontier.append(other)
    if _inherited_factory(scope, found):
        found = None
    setattr(cls, key, found)
    return found


def _inherited_factory(scope: ModuleScope, members: list[ast.ClassDef]) -> bool:
    """A classmethod building `cls(...)` that a member inherits (from another member or from a
    base above the family): `Member.create()` builds a member where no call names it."""
    for member in members:
        chain = class_chain(scope, member) or []
        for klass in chain[1:]:
            for stmt in klass.body:
                params = positional_params(stmt.args) if isinstance(stmt, DEFS) else []
                if params and method_kind(stmt) == "class" and not class_bindings(member).binds(stmt.name) \
                        and any(type(node) is ast.Call and type(node.func) is ast.Name and node.func.id == params[0].arg
                                for node in ast.walk(stmt)) \
                        and not all(builds_only_others(scope, stmt, each) for each in members):
                    return True  # (every read through a class outside the family builds none: classmethod_receivers.py)
    return False


def overridden(scope: ModuleScope, cls: ast.ClassDef, attr: str) -> bool:
    """Some subclass of `cls` may find another `attr` than `cls` does (or the family is not followed)."""
    members = family_members(scope, cls)
    return members is None or any(class_bindings(member).binds(attr) for member in members[1:])


class ClassFamilies:
    """Interpreter hooks (the Interpreter supplies scope, eval, run_function and classes.py's tables)."""

    def family_receiver(self, function: FunctionNode, cls: ast.ClassDef) -> Family | Instance | None:
        if method_kind(function) != "plain" or function.name in _BUILDING or family_members(self.scope, cls) is None \
                or self._called_while_building(cls, function.name):
            return None
        exact = self._called_on(function, cls)
        return exact if exact is not None else Family(cls)

    def _called_on(self, function: FunctionNode, cls: ast.ClassDef) -> Instance | None:
        """The object every call of the method is made on, when each is an object of one member
        of the family the method's own name reaches (`AlleleDepthWalker().traverse(mesh, x)`
        runs the base class's `traverse` with the subclass's overrides): then `self` is exactly
        that object, and what the subclass overrides is read from it."""
        calls, skip = self._method_calls(cls, function)
        if not calls or skip != 1:
            return None
        found: Instance | None = None
        for call, scopes in calls:
            self.silent += 1  # read for the receiver's class only
            try:
                receiver = self.eval(call.func.value, self._static_frame(scopes))
            finally:
                self.silent -= 1
            if not isinstance(receiver, Instance) or receiver.building \
                    or receiver.cls not in family_members(self.scope, cls) \
                    or class_method(self.scope, receiver.cls, function.name) is not function \
                    or found is not None and not same_value(found, receiver):
                return None
            found = receiver
        return found

    def family_attribute(self, receiver: Family, attr: str) -> Value:
        cls = receiver.cls
        members = family_members(self.scope, cls)
        if members is None or overridden(self.scope, cls, attr):
            return UNKNOWN
        facts = [self.class_facts(member) for member in members]
        if any(not fact.constructible for fact in facts):
            return UNKNOWN
        if any(fact.sets(attr) or fact.kwargs_loop is not None for fact in facts):
            return self._family_field(members, facts, attr)
        function = class_method(self.scope, cls, attr)
        if isinstance(function, DEFS):
            kind = method_kind(function)
            if kind == "plain":
                return Partial(Function(function, self.module_frame), (receiver,), (), (cls,))
            if kind == "static":
                return Function(function, self.module_frame)
            if kind == "property":
                result = self.run_function(function, [receiver], {}, self.module_frame)
                return UNKNOWN if result is None else result
            return UNKNOWN  # a classmethod gets the member's class
        if class_bindings(cls).binds(attr):
            return self.class_attribute(Instance(cls), attr)  # a class attribute no member rebinds
        return UNKNOWN

    def _family_field(self, members, facts, attr: str) -> Value:
        agreed: Value | None = None
        for member, fact in zip(members, facts):
            self._constructions(member)
            constructions = self._class_tables[("constructions", id(member))]
            if constructions is None:
                return UNKNOWN  # the class's name is used other than to build it
            if not constructions:
                continue
            if not fact.sets(attr) and fact.kwargs_loop is None:
                return UNKNOWN
            value = self.class_attribute(Instance(member), attr)
            if value is UNKNOWN or agreed is not None and not same_value(agreed, value):
                return UNKNOWN
            agreed = value
        return agreed if agreed is not None else UNKNOWN

    def _called_while_building(self, cls: ast.ClassDef, name: str) -> bool:
        """`self.setup()` in an `__init__` of a member: the method may read fields not stored yet."""
        for member in family_members(self.scope, cls) or ():
            for stmt in member.body:
                if isinstance(stmt, DEFS) and stmt.name in _BUILDING and positional_params(stmt.args):
                    receiver = positional_params(stmt.args)[0].arg
                    if any(type(node.value) is ast.Name and node.value.id == receiver and node.attr == name
                           for node in nodes_of_type(stmt, ast.Attribute)):
                        return True
        return False
