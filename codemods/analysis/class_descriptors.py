"""Descriptors, `object()` sentinels and the builtin members of classes in a script run
(script_run.py; issue 13).

Declarative frameworks (Django models, marshmallow schemas, traitlets) declare their options as
class attributes whose class defines `__get__`/`__set__`: `name = CharField("baseline")`. Python
routes every read and write of such an attribute through the descriptor: on an instance a data
descriptor (one with `__set__` or `__delete__`) wins over the instance's `__dict__`, a non-data
one only when the instance holds no value of that name; on the class `__get__(None, cls)` runs.
`type.__new__` calls `__set_name__(cls, name)` of each such value in namespace order, before the
bases' `__init_subclass__`. A property may get a setter by `@x.setter`.

`_MISSING = object()` is a sentinel: a fresh object equal only to itself, truthy, with no
attributes to set or read but `object`'s own.

`vars(C)` / `C.__dict__` of a module class is a live view (class_namespaces.py) of the class
namespace as CPython 3.11 leaves it:
`__module__` (then `__annotations__` when the body annotates a name, and `__doc__` when it
starts with a docstring) first, then the body's names (an empty `__annotations__` a read made
comes with the names set after the class was made)
in order, then `__dict__` and `__weakref__` on the first class of a chain that adds a `__dict__`,
`__doc__` (None) when there was none, and an ABCMeta's `__abstractmethods__` and `_abc_impl`.
Members that are builtin objects (slot wrappers, getset descriptors, `_abc_data`) are
BuiltinSlot: none of them holds an attribute but its type's, all dunders but none other.
"""
from __future__ import annotations

import ast
import types

from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail, Special
from codemods.analysis.script_values import Bound, ClassSlot, RunCallable, UClass, UFunc, UObj
from codemods.analysis.class_dirs import VERSIONED_DUNDERS
from codemods.analysis.class_namespaces import ClassNamespace
from codemods.analysis.dataclass_namespaces import converted_vars
from codemods.analysis.deleted_attributes import with_deleter
from codemods.analysis.method_descriptors import wrapper_member

_PLAIN_TYPES = (str, int, float, bool, type(None), tuple, list, dict, set, frozenset, bytes)
_PROPERTY_NAMES = frozenset({"fget", "fset", "fdel", "getter", "setter", "deleter"})


class Sentinel:
    """`object()`: only itself, truthy; it holds no attribute."""

    __slots__ = ()


class BuiltinSlot(ClassSlot):
    """A builtin member found in a class namespace (not a str): it has dunder attributes only."""

    __slots__ = ()


class PropertySetter(RunCallable):
    """`x.setter` (or `x.deleter`) of a property read in a class body: applied to a def, the
    property with it."""

    __slots__ = ("desc", "role")

    def __init__(self, desc, role: str = "setter") -> None:
        self.desc, self.role = desc, role

    def __call__(self, run, args: list, kwargs: dict) -> object:
        from codemods.analysis.script_classes import Desc

        if len(args) != 1 or kwargs or type(args[0]) is not UFunc or getattr(self.desc, self.role) is not None:
            raise Bail
        if self.role == "deleter":
            return with_deleter(self.desc, args[0])  # (deleted_attributes.py)
        made = Desc("property", self.desc.func, args[0])
        made.deleter = self.desc.deleter
        return made


def declared_attribute(run, obj: object, name: str) -> object:
    """An attribute of a Sentinel, a BuiltinSlot, a Desc or a plain builtin value that Python has
    not: AttributeError where that is certain."""
    from codemods.analysis.script_classes import Desc

    dunder = name.startswith("__") and name.endswith("__")
    if type(obj) is Desc:
        if obj.kind == "property" and name in ("setter", "deleter"):
            return PropertySetter(obj, name)
        if (found := wrapper_member(obj, name)) is not NotImplemented:
            return found  # (method_descriptors.py)
        if dunder or obj.kind == "property" and name in _PROPERTY_NAMES or obj.kind not in ("property", "static", "class"):
            raise Bail
        raise Raised(AttributeError(name))  # (property, classmethod, staticmethod objects have no others)
    if dunder:
        raise Bail
    raise Raised(AttributeError(name))


def declared_read(run, obj: object, name: str) -> object:
    """The attribute where a descriptor, a metaclass, a sentinel or a plain value decides it, else
    NotImplemented (the caller's own lookup)."""
    from codemods.analysis.class_metas import meta_attribute
    from codemods.analysis.script_classes import Desc, class_attribute

    kind = type(obj)
    if kind in DECLARED_TYPES or kind is Desc:
        return declared_attribute(run, obj, name)
    if missing_plain(obj, name):
        raise Raised(AttributeError(name))  # (`getattr(value, "_observes", ())` of a str)
    if kind is UObj:
        if name == "__dict__" and slot_names(obj.cls) is not None:
            raise Bail
        return instance_read(run, obj, name)
    if kind is not UClass or name == "__name__":
        return NotImplemented
    if obj.meta is not None and (found := meta_attribute(run, obj, name)) is not NotImplemented:
        return found
    if name == "__dict__":
        return class_vars(obj, run)
    klass = obj
    while klass is not None:
        slots = klass.attrs.get("__slots__", ())
        if name in ((slots,) if type(slots) is str else slots if type(slots) in (tuple, list) else _bail()):
            raise Bail  # (a slot's member descriptor, read off the class)
        klass = klass.base
    return class_read(run, obj, name, class_attribute(run, obj, name))


def missing_plain(obj: object, name: str) -> bool:
    """A builtin value of an exact builtin type lacks the private attribute a framework probes
    for (`getattr(attr, "_observes", ())`, `getattr(meta, "label", default)` of None): its
    instances hold none. Of a number or a container only `_name`s: a public name (`dtype`) read
    off a number the run holds for a NumPy scalar is left to the caller."""
    return type(obj) in _PLAIN_TYPES and (name.startswith("_") or obj is None or type(obj) is str) \
        and not name.startswith("__") and not hasattr(type(obj), name)


DECLARED_TYPES = (Sentinel, BuiltinSlot, PropertySetter)


def is_descriptor(value: object) -> bool:
    return type(value) is UObj and value.cls.lookup("__get__") is not None


def _data(value: UObj) -> bool:
    return value.cls.lookup("__set__") is not None or value.cls.lookup("__delete__") is not None


def _hook(run, value: UObj, name: str, args: list) -> object:
    found = value.cls.lookup(name)
    if type(found[1]) is not UFunc:
        raise Bail
    return run.call(Bound(found[1], value), args, {})


def instance_read(run, obj: UObj, name: str) -> object:
    """`obj.name` where the class holds a descriptor of that name, else NotImplemented."""
    found = obj.cls.lookup(name)
    if found is None or not is_descriptor(found[1]):
        return NotImplemented
    if name in obj.attrs and not _data(found[1]):
        return obj.attrs[name]
    return _hook(run, found[1], "__get__", [obj, obj.cls])


def class_read(run, cls: UClass, name: str, value: object) -> object:
    """`C.name` found in the class chain: a descriptor's `__get__(None, C)`."""
    found = cls.lookup(name)
    if found is None or found[1] is not value or not is_descriptor(value):
        return value
    return _hook(run, value, "__get__", [None, cls])


def instance_write(run, obj: UObj, name: str, value: object) -> bool:
    """`obj.name = value` through a data descriptor or a property's setter: True when done."""
    from codemods.analysis.script_classes import Desc

    found = obj.cls.lookup(name)
    slots = slot_names(obj.cls)
    if slots is not None and obj.cls.lookup("__setattr__") is not None:
        raise Bail
    if found is None and slots is not None and name not in slots:
        raise Raised(AttributeError(name))  # (no `__dict__` to hold it)
    if found is None:
        return False
    if type(found[1]) is Desc and found[1].kind == "property" and found[1].setter is not None:
        if obj.cls.lookup("__setattr__") is not None:
            raise Bail
        run.call(Bound(found[1].setter, obj), [value], {})
        return True
    if type(found[1]) is not UObj or not _data(found[1]):
        if slots is not None:
            raise Raised(AttributeError(name))  # (a class attribute, read-only on a slotted instance)
        return False  # (a non-data descriptor: the instance's own value is stored)
    if obj.cls.lookup("__setattr__") is not None or found[1].cls.lookup("__set__") is None:
        raise Bail  # (a class's own __setattr__ first; `__delete__` only: AttributeError, not modelled)
    _hook(run, found[1], "__set__", [obj, value])
    return True


def set_names(run, cls: UClass) -> None:
    """`type.__new__`'s `__set_name__(cls, name)` calls, in namespace order."""
    for name, value in list(cls.attrs.items()):
        if type(value) is UObj and value.cls.lookup("__set_name__") is not None:
            if cls.kind not in ("plain", "meta"):
                raise Bail  # (a dataclass, Enum or NamedTuple builds its namespace further)
            _hook(run, value, "__set_name__", [cls, name])
        elif is_descriptor(value) and cls.kind not in ("plain", "meta"):
            raise Bail


def instantiable(cls: UClass) -> None:
    """Stops the run (or raises as Python) where `C(...)` is not a plain construction."""
    from codemods.analysis.class_metas import abstract_instance

    if cls.kind == "meta":
        raise Bail  # (a metaclass called: not modelled)
    slot_names(cls)
    abstract_instance(cls)


def slot_names(cls: UClass) -> frozenset | None:
    """The attribute names an instance may hold when every class of its chain declares
    `__slots__` (no `__dict__`); None when one does not."""
    names: set = set()
    chain = []
    while cls is not None:
        chain.append(cls)
        cls = cls.base
    if not all("__slots__" in klass.attrs for klass in chain):
        return None  # (a class of the chain gives its instances a `__dict__`)
    for klass in chain:
        slots = klass.attrs.get("__slots__")
        slots = (slots,) if type(slots) is str else slots
        if type(slots) not in (tuple, list) or not all(type(n) is str and n.isidentifier() for n in slots) \
                or {"__dict__", "__weakref__"} & set(slots) or klass.kind not in ("plain", "dataclass") \
                or klass.builtin is not None:
            raise Bail  # (slots the run does not model)
        names.update(slots)
    if any(name in klass.attrs for name in names for klass in chain):
        raise Bail  # (a slot named like a class attribute: ValueError)
    return frozenset(names)


def slotted(cls: UClass) -> bool:
    while cls is not None:
        if "__slots__" in cls.attrs:
            return True
        cls = cls.base
    return False


def class_vars(cls: UClass, run=None) -> types.MappingProxyType:
    """`vars(C)` of a module class (see the module docstring): a live view, which reads the class
    again on each read (class_namespaces.py)."""
    return types.MappingProxyType(ClassNamespace(lambda: _namespace(cls, run), cls))


def _namespace(cls: UClass, run) -> dict:
    """The class namespace as it is now."""
    from codemods.analysis.class_metas import abc_rooted
    from codemods.analysis.script_class_hooks import own_annotations

    if not cls.node.body:
        return _called_namespace(cls, run)
    annotated = any(type(statement) is ast.AnnAssign for statement in cls.node.body)
    converted = cls.kind == "dataclass"  # (`dataclass(cls)` added members: dataclass_namespaces.py)
    if annotated and "__annotations__" not in cls.attrs and run is not None and cls.kind in ("plain", "dataclass"):
        own_annotations(run, cls)  # (made when the body ran: evaluated now, script_class_hooks.py)
    if cls.kind not in ("plain", "meta") and not converted or cls.builtin is not None or annotated and "__annotations__" not in cls.attrs \
            or any(name.startswith("__") and not name.endswith("__") for name in cls.attrs):
        raise Bail  # (generated members, annotations not yet made, mangled private names: not modelled)
    first = cls.node.body[0] if cls.node.body else None
    doc = first.value.value if type(first) is ast.Expr and type(first.value) is ast.Constant \
        and type(first.value.value) is str else None
    made: dict = {"__module__": "__main__"}
    if annotated:
        made["__annotations__"] = cls.attrs["__annotations__"]  # (set up before the body runs)
    if doc is not None:
        made["__doc__"] = doc
    body = _body_names(cls.node) - (run.__dict__.get("_class_deleted", {}).get(id(cls), set()) if run is not None else set())
    keys = [key for key in cls.attrs if key != "__abstractmethods__" and not (annotated and key == "__annotations__")]
    split = next((index for index, key in enumerate(keys) if key not in body), len(keys))
    made.update((key, cls.attrs[key]) for key in keys[:split])  # (the body's names; those set later come last)
    if slotted(cls.base) or "__slots__" in cls.attrs and cls.base is not None:
        raise Bail  # (which class adds `__dict__` then: not modelled)
    if "__slots__" in cls.attrs:  # (type.__new__ adds a member per slot, in sorted order)
        slots = cls.attrs["__slots__"]
        slots = (slots,) if type(slots) is str else slots
        if type(slots) not in (tuple, list) or not all(type(n) is str and n.isidentifier() and not n.startswith("__")
                                                       for n in slots) or len(set(slots)) != len(slots) \
                or set(slots) & set(cls.attrs):
            raise Bail  # (mangled names, `__dict__`, a slot that is also a class variable: ValueError)
        made.update((name, BuiltinSlot(name)) for name in sorted(slots))
    if (cls.kind == "plain" or converted) and cls.base is None and "__slots__" not in cls.attrs:
        # (a converted class keeps the namespace type.__new__ made, with both: adversarial30 F)
        made["__dict__"], made["__weakref__"] = BuiltinSlot("__dict__"), BuiltinSlot("__weakref__")
    if doc is None:
        made["__doc__"] = None
    if cls.kind == "meta" or cls.meta is not None and abc_rooted(cls.meta) and "__abstractmethods__" not in cls.attrs:
        raise Bail
    if cls.meta is not None and abc_rooted(cls.meta):
        made["__abstractmethods__"], made["_abc_impl"] = cls.attrs["__abstractmethods__"], BuiltinSlot("_abc_impl")
    if converted:
        return converted_vars(run, cls, made, body, keys[split:])
    made.update((key, cls.attrs[key]) for key in keys[split:])
    return made


def called_class(run, cls: UClass, names) -> None:
    """Records the names of the namespace `type(name, bases, ns)` made cls from."""
    run.__dict__.setdefault("_called_classes", {})[id(cls)] = (cls, tuple(names))


def _called_namespace(cls: UClass, run) -> dict:
    """`vars(C)` of a class `type(name, bases, ns)` made: type.__new__ copies ns, then adds
    `__module__` (and, with no base, `__dict__`, `__weakref__`), then `__doc__`; names set on
    the class later (by `__set_name__` hooks, the metaclass, `setattr`) come after those."""
    from codemods.analysis.class_metas import abc_rooted

    entry = run.__dict__.get("_called_classes", {}).get(id(cls)) if run is not None else None
    if entry is None or entry[0] is not cls or cls.kind != "plain" or cls.builtin is not None \
            or cls.meta is not None and abc_rooted(cls.meta) or slotted(cls.base) or "__slots__" in entry[1] \
            or any(name.startswith("__") for name in cls.attrs):
        raise Bail  # (a class made some other way, slots, ABCMeta's members, dunders: not modelled)
    body = set(entry[1]) - run.__dict__.get("_class_deleted", {}).get(id(cls), set())
    keys = list(cls.attrs)
    split = next((index for index, key in enumerate(keys) if key not in body), len(keys))
    made = {key: cls.attrs[key] for key in keys[:split]}
    made["__module__"] = "__main__"
    if cls.base is None:
        made["__dict__"], made["__weakref__"] = BuiltinSlot("__dict__"), BuiltinSlot("__weakref__")
    made["__doc__"] = None
    made.update((key, cls.attrs[key]) for key in keys[split:])
    return made


def class_deleted(run, cls: UClass, name: str) -> None:
    """`del C.name`: a name of the class body deleted and set again comes after the names
    type.__new__ added, as a new key of C's dict does (views of it read the class anew:
    class_namespaces.py)."""
    run.__dict__.setdefault("_class_deleted", {}).setdefault(id(cls), set()).add(name)


def _body_names(node: ast.ClassDef) -> set[str]:
    names = set()
    for statement in node.body:
        if type(statement) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
            names.add(statement.name)
        elif type(statement) is ast.Assign:
            names.update(target.id for target in statement.targets if type(target) is ast.Name)
        elif type(statement) is ast.AnnAssign and statement.value is not None and type(statement.target) is ast.Name:
            names.add(statement.target.id)  # (`axis: str = "data"`; a bare hint binds nothing)
    return names


def object_vars() -> types.MappingProxyType:
    """`vars(object)`: its docstring and builtin members."""
    return types.MappingProxyType({name: value if type(value) is str else BuiltinSlot(name)
                                   for name, value in vars(object).items()})


def object_member(name: str) -> object:
    """`object.name` read off the class object itself, for a name it lacks: AttributeError (a
    framework's own dunders, `getattr(base, "__fields__", {})` over a class's MRO, included)."""
    if name in ("__name__", "__qualname__", "__module__"):
        return getattr(object, name)
    if name == "__dict__":
        return object_vars()  # (`klass.__dict__` over a class's `__mro__` reaches `object`: `vars(object)`)
    if name in VERSIONED_DUNDERS or hasattr(object, name):
        raise Bail
    raise Raised(AttributeError(name))


def is_object(value: object) -> bool:
    return type(value) is Special and value.name == "builtins.object"


def _bail():
    raise Bail
