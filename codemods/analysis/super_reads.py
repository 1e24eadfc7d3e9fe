"""What `super().name` reads in a script run (script_run.py; issue 13).

`super()` in a method of class C, called on obj, looks `name` up along `type(obj).__mro__` from
the class AFTER C (class_orders.py), not along C's own bases: a mixin's `super().setUp()` reaches
the next class of the instance's order. What no class of the module defines is `object`'s (or
`type`'s, in a metaclass: class_metas.py), or that of the builtin a class derives from; anything
else stops the run (Bail). What it finds binds as an attribute read does (bound_members.py).
"""
from __future__ import annotations

from codemods.analysis.bound_members import (
    HOLDER_DUNDERS,
    Desc,
    HolderInit,
    ObjectInit,
    TypeMethod,
    bound_member,
)
from codemods.analysis.cached_attributes import cached_attribute
from codemods.analysis.class_descriptors import is_descriptor
from codemods.analysis.class_metas import meta_super
from codemods.analysis.class_orders import after, find
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Bound, NTup, SuperObj, UClass, UFunc, UObj


def super_attribute(run, sup: SuperObj, name: str) -> object:
    if sup.owner is not None and type(sup.obj) is UClass and sup.owner.kind == "meta" and sup.obj.meta is not None \
            and sup.obj.meta.derives(sup.owner):  # (a metaclass's method on its class: the metaclass's order)
        found = find(after(sup.obj.meta, sup.owner), name)
    elif sup.owner is not None and type(sup.obj) in (UObj, UClass):  # (the classes after the method's own in the order)
        found = find(after(sup.obj.cls if type(sup.obj) is UObj else sup.obj, sup.owner), name)
    else:
        found = sup.start.lookup(name) if sup.start is not None else None
    if found is None:
        if (made := meta_super(run, sup, name)) is not None:
            return made  # (type's own `__new__`/`__init__` in a metaclass: class_metas.py)
        holder = type(sup.obj) is UObj and sup.obj.data is not None
        if name == "__init__" or name == "__init_subclass__" and type(sup.obj) is UClass:
            return Bound(HolderInit() if holder else ObjectInit(), sup.obj)
        if holder and name in HOLDER_DUNDERS:
            return Bound(TypeMethod(type(sup.obj.data), name), sup.obj)
        if name == "__setattr__" and type(sup.obj) is UObj:  # (no class in the chain defines one: object's)
            return Bound(TypeMethod(object, name), sup.obj)
        raise Bail
    if type(sup.obj) is UClass:  # `super().HParams()` in a classmethod: bound to the class itself
        value = found[1]
        if type(value) is Desc and value.kind in ("static", "class"):
            return value.func if value.kind == "static" else Bound(value.func, sup.obj)
        if type(value) in (UFunc, Desc):
            return value if type(value) is UFunc else _bail()
        return value if not is_descriptor(value) else _bail()
    if type(found[1]) is Desc and found[1].kind == "property":
        return run.call(found[1].func, [sup.obj], {})
    if type(found[1]) is Desc and found[1].kind == "cached":
        return cached_attribute(run, sup.obj, name, found[1].func)
    return bound_member(found[1], sup.obj, sup.obj.cls if type(sup.obj) in (UObj, NTup) else _bail())


def _bail():
    raise Bail
