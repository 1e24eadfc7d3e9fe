"""Objects of plain module classes in a host run (host_runs.py), read only (issue 13): HF's
`HfArgumentParser([TrainingArguments]).parse_args_into_dataclasses(["--learning_rate", "3e-4"])`
is a method of such an object, reading `self.dataclass_types` and building the dataclasses from
`dataclasses.fields(dtype)` (each field's `name` and `type`), `field.type(text)` and
`dtype(**kwargs)`.

The run reads the object the analysis holds: a field is what the interpreter reads for
`obj.field` (with all its checks: fields stored elsewhere or changed in place are not known),
converted as any value handed to a run and checked unchanged at its end; a method is the class's
plain def, bound to the object. The class must be one no hook can change: no decorator, no base,
no class keywords, not subclassed, no special method of attribute access or construction, no
class attribute stored from outside. Storing an attribute of the object stops the run (Bail),
as for any object a run is given.
"""
from __future__ import annotations

import ast
import builtins

from codemods.analysis.host_objects import Bail, FuncRef, to_python
from codemods.analysis.values import UNKNOWN, AxisState, Instance

_HOOKS = frozenset({"__getattr__", "__getattribute__", "__setattr__", "__delattr__", "__new__", "__init_subclass__",
                    "__class_getitem__", "__set_name__", "__slots__", "__dict__"})
_TYPES = {"str": str, "int": int, "float": float, "bool": bool}


class ObjectView:
    """A module object a run reads through the analysis (its fields as the interpreter reads them)."""

    __slots__ = ("instance", "read")

    def __init__(self, instance: Instance) -> None:
        self.instance, self.read = instance, {}

    def attribute(self, run, name: str) -> object:
        cls = self.instance.cls
        members = [member for member in cls.body if getattr(member, "name", None) == name
                   or type(member) in (ast.Assign, ast.AnnAssign) and name in _targets(member)]
        fields = dict(self.instance.fields or ())
        if len(members) == 1 and type(members[0]) is ast.FunctionDef and not members[0].decorator_list:
            # A def is no data descriptor: Python finds the object's own field of that name first.
            if name not in fields:
                if not own_field_absent(run.interp, cls, name):
                    raise Bail
                return FuncRef(members[0], (self,))
        elif members or name not in fields:
            raise Bail
        if name not in self.read:
            value = run.interp.class_attribute(self.instance, name)
            if value is UNKNOWN or isinstance(value, AxisState):
                raise Bail
            self.read[name] = run.enter(to_python(run.interp, value))
        return self.read[name]


def object_view(interp, value: Instance) -> ObjectView | None:
    """The view of an object of a plain module class, built with known fields (else None)."""
    cls = value.cls
    if value.fields is None or value.building or not viewable(interp, cls):
        return None
    return ObjectView(value)


def viewable(interp, cls: ast.ClassDef) -> bool:
    scope = interp.scope
    return cls in scope.tree.body and not cls.decorator_list and not cls.bases and not cls.keywords \
        and not scope.subclassed(cls) and not any(getattr(member, "name", None) in _HOOKS for member in cls.body) \
        and not any(type(member) in (ast.Assign, ast.AnnAssign) and _HOOKS & set(_targets(member)) for member in cls.body) \
        and not _stored_on_class(scope.tree, cls.name)


def field_type(interp, cls: ast.ClassDef, field: str) -> type | None:
    """The builtin type a dataclass field is annotated with (`learning_rate: float`), when the
    module rebinds no such name; None otherwise (reading it then stops the run)."""
    scope = interp.scope
    for member in cls.body:
        if type(member) is ast.AnnAssign and type(member.target) is ast.Name and member.target.id == field:
            if not member.simple:
                return None  # (`(field): float = 0.1` is no field)
            note = member.annotation
            if type(note) is ast.Name and note.id in _TYPES and not scope.globals.binds(note.id) \
                    and note.id not in scope.imports.bindings and getattr(builtins, note.id) is _TYPES[note.id]:
                return _TYPES[note.id]
            return None
    return None


def own_field_absent(interp, cls: ast.ClassDef, name: str) -> bool:
    """The object holds no field `name` (which would shadow the class's def): no code stores such an
    attribute nor reaches objects' `__dict__`, or its one store is a guarded `__init__` store the
    construction did not run (guarded_stores.py: the object then holds exactly what it ran)."""
    from codemods.analysis.nodes import names_by_id, nodes_of_type

    tree = interp.scope.tree
    if names_by_id(tree).get("vars") or any(node.attr == "__dict__" for node in nodes_of_type(tree, ast.Attribute)):
        return False
    if not interp._attribute_stores().get(name):
        return True
    guarded = interp._guarded_of(cls) if hasattr(interp, "_guarded_of") else None
    return bool(guarded) and name in guarded


def _targets(member: ast.stmt) -> list[str]:
    targets = member.targets if type(member) is ast.Assign else [member.target]
    return [target.id for target in targets if type(target) is ast.Name]


def _stored_on_class(tree: ast.Module, name: str) -> bool:
    """`Parser.default = ...` somewhere, or any `setattr`: the class body no longer says it all."""
    from codemods.analysis.nodes import names_by_id, nodes_of_type

    return bool(names_by_id(tree).get("setattr")) or any(
        not isinstance(node.ctx, ast.Load) and type(node.value) is ast.Name and node.value.id == name
        for node in nodes_of_type(tree, ast.Attribute))
