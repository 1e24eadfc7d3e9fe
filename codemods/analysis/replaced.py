"""Records copied with some fields changed (issue 13): `dataclasses.replace(state, grads=g)`
and a NamedTuple's `state._replace(grads=g)` build a new object of the same class whose other
fields are the old object's. The copy is constructed like the class's own call, so a class whose
construction is not followed (an explicit `__init__`, `__post_init__`, fields with `init=False`,
a base class with fields) gives an unknown object."""
from __future__ import annotations

import ast

from codemods.analysis.scopes import bindings_of
from codemods.analysis.values import ClassValue, Instance, Value

REPLACERS = frozenset({"dataclasses.replace"})
_METHOD_BASES = {"_replace": frozenset({"NamedTuple"})}


def _dotted(expr: ast.expr) -> str:
    parts = []
    while isinstance(expr, ast.Attribute):
        parts.append(expr.attr)
        expr = expr.value
    if isinstance(expr, ast.Name):
        parts.append(expr.id)
    return ".".join(reversed(parts))


def record_method(cls: ast.ClassDef, method: str) -> bool:
    """Whether `obj.method(...)` is the copying method the class's one library base gives (the
    class itself defines no attribute of that name)."""
    if method not in _METHOD_BASES or bindings_of(cls).binds(method) \
            or any(isinstance(stmt, ast.AnnAssign) and _dotted(stmt.target) == method for stmt in cls.body):
        return False
    return len(cls.bases) == 1 and _dotted(cls.bases[0]).rsplit(".", 1)[-1] in _METHOD_BASES[method] \
        and not cls.decorator_list


def is_dataclass(cls: ast.ClassDef) -> bool:
    """Decorated as a dataclass (`@dataclass`, `@dataclasses.dataclass(frozen=True)`, `@struct.dataclass`):
    `dataclasses.replace` of another object raises instead."""
    return any(_dotted(d.func if isinstance(d, ast.Call) else d).rsplit(".", 1)[-1] == "dataclass"
               for d in cls.decorator_list)


class Replacements:
    """The record-copy half of the Interpreter (which supplies class_facts and construct)."""

    def replaced_record(self, record: Value, keywords, starred) -> Value | None:
        """The copy of `record` with `keywords` changed, or None when it is not certain."""
        if starred or not isinstance(record, Instance) or record.fields is None:
            return None
        if not (is_dataclass(record.cls) or record_method(record.cls, "_replace")):
            return None
        facts = self.class_facts(record.cls)
        if facts.init is not None or not facts.fields or facts.opaque or not facts.constructible:
            return None
        held = dict(record.fields)
        if not set(keywords) <= set(facts.fields) or not set(facts.fields) <= set(held):
            return None
        given = {name: (held[name], None) for name in facts.fields}
        given.update(keywords)
        copied = self.construct(ClassValue(record.cls), [], given, False)
        return copied if isinstance(copied, Instance) else None
