"""`del obj.name` in a script run (script_functions.delete; issue 13).

A plan object resets an option by deleting it: `del plan.axes` runs the property's deleter
(`@axes.deleter`), or a data descriptor's `__delete__`; otherwise the name leaves the instance's
own namespace, so the next read finds the class's value again (or a property's getter). What
CPython does, for an instance of a module class (attribute lookup as `object.__delattr__`):
- a property of the class (or a base) without a deleter: AttributeError;
- a descriptor object with `__delete__`: that method; with `__set__` only: AttributeError
  (not modelled: Bail);
- otherwise the instance's own value is removed; none held: AttributeError.
A class's own `__delattr__` (a def of the module) runs instead, with the name: it may delete
through `object.__delattr__(self, name)` (the steps above), keep the value, or do anything else;
`delattr(obj, name)` is the same as `del obj.name` (a name that is not a str: TypeError, Bail).
Anything else stops the run (Bail): slots, a frozen dataclass, a cached_property, a module or a
library object as the owner, a hook that is not a def.

A test base's `__init_subclass__` replaces each parameterized method by its expansions:
`delattr(cls, name)` then `setattr(cls, f"{name}_{i}", ...)`. On a module class (`type.__delattr__`,
the metaclass being `type`) the name leaves the class's own namespace, and every view `vars(cls)`
handed out (class_namespaces.py); a name it does not hold itself (a base's
member, or none) raises AttributeError. A dunder (type's own data descriptors and slot updates),
a mangled name, a class with slots, a metaclass of the module's, a registered pytree node class,
or a kind other than a plain class stops the run.
"""
from __future__ import annotations

from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail


def delete_attribute(run, obj: object, name: str) -> None:
    from codemods.analysis.script_values import Bound, UClass, UFunc, UObj

    if type(obj) is UClass:
        return class_delete(run, obj, name)
    if type(obj) is UObj and obj.cls.kind in ("plain", "dataclass") and not obj.cls.frozen \
            and (hook := obj.cls.lookup("__delattr__")) is not None:
        if type(hook[1]) is not UFunc or type(name) is not str:
            raise Bail
        run.call(Bound(hook[1], obj), [name], {})  # (the class's own hook)
        return
    object_delete(run, obj, name)


def class_delete(run, cls, name: object) -> None:
    """`type.__delattr__(cls, name)` of a module class (see above)."""
    from codemods.analysis.class_descriptors import class_deleted, slot_names

    if cls.kind != "plain" or cls.meta is not None or cls.registered or slot_names(cls) is not None \
            or type(name) is not str or name.startswith("__"):
        raise Bail  # (a pytree node class: JAX may hold its methods from the registration)
    if name not in cls.attrs:
        raise Raised(AttributeError(f"type object '{cls.node.name}' has no attribute '{name}'"))  # (only the class's
        # own namespace is searched: a base's member stays)
    del cls.attrs[name]
    class_deleted(run, cls, name)


def object_delete(run, obj: object, name: str) -> None:
    """`object.__delattr__(obj, name)`: the steps past any hook of the class."""
    from codemods.analysis.bound_members import Desc
    from codemods.analysis.class_descriptors import slot_names
    from codemods.analysis.script_values import Bound, UFunc, UObj

    if type(obj) is not UObj or obj.cls.kind not in ("plain", "dataclass") or obj.cls.frozen \
            or slot_names(obj.cls) is not None or type(name) is not str \
            or name.startswith("__") and name.endswith("__"):
        raise Bail
    found = obj.cls.lookup(name)
    value = None if found is None else found[1]
    if type(value) is Desc and value.kind == "property":
        deleter = value.deleter
        if deleter is None:
            raise Raised(AttributeError(name))  # (a property without a deleter)
        run.call(Bound(deleter, obj), [], {})
        return
    if type(value) is Desc and value.kind not in ("static", "class") \
            or type(value) is UObj and (value.cls.lookup("__set__") is not None or value.cls.lookup("__delete__") is not None):
        raise Bail  # (a cached_property, a data descriptor: not modelled)
    if type(value) is UObj and value.cls.lookup("__get__") is not None and type(value.cls.lookup("__get__")[1]) is not UFunc:
        raise Bail
    if name not in obj.attrs:
        raise Raised(AttributeError(name))
    del obj.attrs[name]


def with_deleter(desc, func) -> object:
    """`@x.deleter` applied to `func`: a new property with the getter, the setter and this deleter
    (as `property.deleter` copies the property)."""
    from codemods.analysis.bound_members import Desc

    made = Desc("property", desc.func, desc.setter)
    made.deleter = func
    return made


def deleted_by_name(run, args: list, kwargs: dict) -> None:
    """`delattr(obj, name)`."""
    if len(args) != 2 or kwargs or type(args[1]) is not str:
        raise Bail
    delete_attribute(run, args[0], args[1])
