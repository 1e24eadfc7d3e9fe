"""`typing.Protocol` classes of the module in a script run (script_classes.py; issue 13).

Research code types its pluggable parts with a Protocol (`class Pool(Protocol): def __call__(...)`)
and picks an implementation from a table. A Protocol class is never made (Python raises
TypeError); an explicit subclass inherits its methods as from any base. `isinstance(obj, P)`
raises TypeError unless P is `@runtime_checkable`; then it is structural, as typing checks it on
Python 3.11: every member the Protocol's body defines is found on the object (a method member
must not be None there), or the object's class derives from P.

Certainty: the structural test is made only on instances of the module's classes, by looking the
members up without running code; a member found through a property or `__getattr__`, a member
the class does not define (an `object` dunder), a Protocol with bases, or an `__init__` of its
own stops the run (Bail).
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import UClass, UFunc, UObj

KINDS = ("protocol", "checkable")  # (a UClass's kind: a Protocol, and a runtime_checkable one)


def runtime_checkable(run, args: list, kwargs: dict) -> UClass:
    if len(args) != 1 or kwargs or type(args[0]) is not UClass or args[0].kind not in KINDS:
        raise Bail  # (Python raises a TypeError on any other class)
    args[0].kind = "checkable"
    return args[0]


def instance_check(obj: object, cls: UClass) -> bool:
    if cls.kind != "checkable" or cls.base is not None:
        raise Bail  # (a TypeError for a Protocol that is not runtime_checkable)
    if type(obj) is not UObj or obj.cls.lookup("__getattr__") is not None:
        raise Bail
    if any(name in cls.attrs for name in ("__init__", "__new__", "__subclasshook__")):
        raise Bail
    members = [*cls.attrs, *(name for name in cls.annotations if name not in cls.attrs)]
    found_all = True
    for name in members:
        if name in obj.attrs:
            value = obj.attrs[name]
        else:
            found = obj.cls.lookup(name)
            if found is None:
                if name.startswith("__") and name.endswith("__"):
                    raise Bail  # (one `object` may give every instance)
                found_all = False
                break
            value = found[1]
            if type(value).__name__ == "Desc" and value.kind in ("property", "cached"):
                raise Bail
        if value is None and type(cls.attrs.get(name)) is UFunc:
            raise Bail  # (a method blocked by None: typing's rule, not modelled)
    return found_all or obj.cls.derives(cls)


LIBRARY = {"typing.runtime_checkable": runtime_checkable}
