"""`del obj.name` in a script run (script_functions.delete; issue 13).

A plan object resets an option by deleting it: `del plan.axes` runs the property's deleter
(`@axes.deleter`), or a data descriptor's `__delete__`; otherwise the name leaves the instance's
own namespace, so the next read finds the class's value again (or a property's getter). What
CPython does, for an instance of a module class (attribute lookup as `object.__delattr__`):
- a property of the class (or a base) without a deleter: AttributeError;
- a descriptor object with `__delete__`: that method; with `__set__` only: AttributeError
  (not modelled: Bail);
- otherwise the instance's own value is removed; none held: AttributeError.
Anything else stops the run (Bail): a class with its own `__delattr__`, slots, a frozen dataclass,
a cached_property, a class, a module or a library object as the owner.
"""
from __future__ import annotations

from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail


def delete_attribute(run, obj: object, name: str) -> None:
    from codemods.analysis.bound_members import Desc
    from codemods.analysis.class_descriptors import slot_names
    from codemods.analysis.script_values import Bound, UFunc, UObj

    if type(obj) is not UObj or obj.cls.kind not in ("plain", "dataclass") or obj.cls.frozen \
            or obj.cls.lookup("__delattr__") is not None or slot_names(obj.cls) is not None \
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
