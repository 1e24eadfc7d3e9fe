"""`dict(self.__dict__)` of an object whose construction is known (issue 13): HuggingFace's
`PretrainedConfig.to_dict`, read back by `from_dict(config.to_dict(), loss_axes=[...])`.

The copy (namespace_copies.py lists the reads that copy) is a dict of the object's fields, in the
order its constructor stored them: Python keeps insertion order, and code may iterate the copy,
so it is known only when that order is. It is, for a class whose `__init__` chain is made of
top-level `self.attr = ...` stores, at most one `super().__init__(...)` statement and the
`setattr` loop over `**kwargs` (fields of the loop in one known order only when it sets at most
one); nothing else in the chain stores an attribute of `self`. And no code may give the object
another attribute: no method of the chain stores one on `self`, no other store of such a name
may reach it (classes.py's `_stored_elsewhere`), but for the marks a class-filing decorator sets
on the class itself. Anything else keeps the read unknown.
"""
from __future__ import annotations

import ast

from codemods.analysis.fluent_setters import known_order
from codemods.analysis.namespace_copies import copied_namespaces
from codemods.analysis.nodes import DEFS, positional_params
from codemods.analysis.values import DictValue, Instance, Value


class AttributeDicts:
    """Interpreter hook (which supplies eval, class_facts and the field stores)."""

    def eval_Attribute(self, expr: ast.Attribute, frame) -> Value:
        value = super().eval_Attribute(expr, frame)
        if expr.attr != "__dict__" or id(expr) not in copied_namespaces(self.scope.tree):
            return value
        owner = self.eval_silently(expr.value, frame)  # read again for the object only
        if type(owner) is not Instance or owner.fields is None or owner.building:
            return value
        order = _field_order(self, self.class_facts(owner.cls), dict(owner.fields)) if not known_order(self, owner) else owner.order
        if order is None or not self._unchanged_after(owner.cls, set(order)):
            return value
        # each item as a read of the field gives it: unknown where a store elsewhere or a change
        # in place may have changed it (classes.py)
        return DictValue(tuple(order), tuple(self.class_attribute(owner, name) for name in order))

    def _unchanged_after(self, cls: ast.ClassDef, fields: set[str]) -> bool:
        facts = self.class_facts(cls)
        chain, inits = [], set()
        while facts is not None:
            chain.append(facts.cls)
            if facts.init is not None:
                inits.add(id(facts.init))
            facts = facts.base
        marks = _decorator_marks(self.scope)
        for klass in chain:
            for member in klass.body:
                if isinstance(member, DEFS) and id(member) not in inits and _stores_on_self(member):
                    return False  # `self.built = True` in `build()`: an attribute added later
        for attr, stores in self._attribute_stores().items():
            if attr not in fields and any(id(node) not in marks for node in stores) \
                    and self._stored_elsewhere(self.class_facts(cls), attr):
                return False
        return True


def _field_order(interp, facts, fields: dict[str, Value]) -> list[str] | None:
    order: list[str] = []
    if not _append_order(interp, facts, fields, order, 0) or set(order) != set(fields):
        return None
    return order


def _append_order(interp, facts, fields: dict, order: list[str], depth: int) -> bool:
    init = facts.init
    if init is None or depth > 8 or facts.hook_stores or facts.opaque or not positional_params(init.args):
        return False
    receiver = positional_params(init.args)[0].arg
    for stmt in init.body:
        if facts.base_call is not None and type(stmt) is ast.Expr and stmt.value is facts.base_call:
            if facts.base is None or not _append_order(interp, facts.base, fields, order, depth + 1):
                return False
        elif stmt is facts.kwargs_loop:
            named = _named(facts)
            loop = [name for name in fields if name not in named and name not in order]
            if len(loop) > 1:
                return False  # the keywords' own order is not kept
            order.extend(loop)
        elif type(stmt) in (ast.Assign, ast.AnnAssign) and _self_target(stmt, receiver):
            target = stmt.targets[0] if type(stmt) is ast.Assign else stmt.target
            if target.attr not in order:
                order.append(target.attr)
        elif any(type(node) is ast.Attribute and type(node.ctx) is not ast.Load for node in ast.walk(stmt)) \
                or any(type(node) is ast.Name and node.id in ("setattr", "vars") for node in ast.walk(stmt)):
            return False
    return True


def _named(facts) -> set[str]:
    named: set[str] = set()
    while facts is not None:
        named |= set(facts.stores)
        facts = facts.base
    return named


def _self_target(stmt: ast.stmt, receiver: str) -> bool:
    targets = stmt.targets if type(stmt) is ast.Assign else [stmt.target]
    return len(targets) == 1 and type(targets[0]) is ast.Attribute and type(targets[0].value) is ast.Name \
        and targets[0].value.id == receiver


def _stores_on_self(method) -> bool:
    params = positional_params(method.args)
    if not params:
        return False
    own = params[0].arg
    return any(type(node) is ast.Attribute and type(node.ctx) is not ast.Load and type(node.value) is ast.Name
               and node.value.id == own for node in ast.walk(method)) \
        or any(type(node) is ast.Name and node.id in ("setattr", "vars") for node in ast.walk(method))


def _decorator_marks(scope) -> frozenset[int]:
    """Targets of `cls.attr = ...` in the defs a class-filing decorator runs on the class."""
    found = getattr(scope.tree, "_shardfix_decorator_marks", None)
    if found is None:
        from codemods.analysis.decorators import returned_def
        from codemods.analysis.user_decorators import files_class

        marks: set[int] = set()
        for cls in scope.classes.values():
            for decorator in cls.decorator_list:
                target = decorator.func if type(decorator) is ast.Call else decorator
                if type(target) is not ast.Name or not files_class(scope, decorator):
                    continue
                function = scope.lookup_function(target.id, ())[0]
                inner = returned_def(function)[0] if type(decorator) is ast.Call and returned_def(function) else function
                params = positional_params(inner.args)
                if len(params) != 1:
                    continue
                marks |= {id(t) for stmt in inner.body if type(stmt) is ast.Assign for t in stmt.targets
                          if type(t) is ast.Attribute and type(t.value) is ast.Name and t.value.id == params[0].arg}
        found = scope.tree._shardfix_decorator_marks = frozenset(marks)
    return found
