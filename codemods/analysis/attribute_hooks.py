"""`__getattribute__` of a module class in a script run (script_run.py; issue 13): a config
proxy that answers some names itself (`if name == "axes": return ...`) and hands every other
name to `object.__getattribute__(self, name)`.

What CPython 3.11 does for `obj.name` when type(obj) defines `__getattribute__`: it calls
`type(obj).__getattribute__(obj, name)` for every attribute read written in the program
(`obj.x`, `getattr(obj, "x")`), and when that raises AttributeError and the class defines
`__getattr__`, calls `__getattr__(obj, name)`; `object.__getattribute__(obj, name)` is the
ordinary lookup (data descriptors, the instance dict, class attributes, methods bound), which
never asks `__getattr__`. Special methods Python looks up implicitly (`len(obj)`, `obj + 1`,
`with obj:`) are read off the type and never go through the hook.

Kept to what the run knows for certain: a plain class (no dataclass, NamedTuple, builtin base,
metaclass), the hook a plain def. The run's other readers of an instance's fields
(`dataclasses.asdict`, `vars`) are not reached for such a class: a dataclass or NamedTuple with
the hook stops the run.

The same ordinary lookup is also what a class WITHOUT the hook reaches by name: a read-only
config (pyconfig-like) stores its keys with `object.__setattr__` past its own refusing
`__setattr__` and reads them back in `__getattr__` with `object.__getattribute__(self, "_raw")`,
`super().__getattribute__("_raw")` (object's, when no class after the method's defines one) or
`type(self).__getattribute__(self, "__dict__")`. Without a `__getattr__` in the class that is the
run's own attribute read; with one, only a name the instance holds and no class attribute (or
descriptor) shadows is read, `__dict__` is the instance namespace (no `__slots__`), and a name
neither holds is AttributeError (`__getattr__` is never asked); anything else stops the run.
"""
from __future__ import annotations

from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Bound, RunCallable, UFunc, UObj


def hooked(obj: object) -> bool:
    return type(obj) is UObj and obj.cls.lookup("__getattribute__") is not None


def hooked_read(run, obj: UObj, name: str) -> object:
    """`obj.name` through the class's `__getattribute__` (then `__getattr__` on AttributeError);
    NotImplemented when this read is the ordinary lookup the hook itself asked for."""
    token = run.__dict__.get("_plain_read")
    if token is not None and token[0] is obj and token[1] == name:
        run.__dict__["_plain_read"] = None
        return NotImplemented
    cls = obj.cls
    hook = cls.lookup("__getattribute__")[1]
    if type(hook) is not UFunc or cls.kind != "plain" or obj.data is not None or cls.meta is not None:
        raise Bail
    try:
        return run.call(Bound(hook, obj), [name], {})
    except Raised as raised:
        fallback = cls.lookup("__getattr__")
        if fallback is None or not isinstance(raised.error, AttributeError):
            raise
        if type(fallback[1]) is not UFunc:
            raise Bail from None
    return run.call(Bound(fallback[1], obj), [name], {})


class PlainGetattribute(RunCallable):
    """`object.__getattribute__`: called with an instance and a name, the ordinary lookup."""

    __slots__ = ()

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if len(args) != 2 or kwargs or type(args[1]) is not str:
            raise Bail
        obj, name = args
        if not hooked(obj):
            return _unhooked_read(run, obj, name)
        if obj.cls.lookup("__getattr__") is not None:
            raise Bail  # (the run's ordinary read would ask `__getattr__`, which this lookup never does)
        run.__dict__["_plain_read"] = (obj, name)
        try:
            return run.attribute(obj, name)
        finally:
            run.__dict__["_plain_read"] = None


def _unhooked_read(run, obj: object, name: str) -> object:
    """`object.__getattribute__(self, "_raw")` on an instance of a plain class without the hook
    (a read-only config whose `__getattr__` reads its own store this way): the ordinary lookup,
    which never asks `__getattr__`. With a `__getattr__` in the class only a name the instance
    itself holds, and no class attribute (a descriptor) of that name, is read; a name neither
    holds is the lookup's AttributeError."""
    if type(obj) is not UObj or obj.data is not None or obj.cls.kind != "plain" or obj.cls.meta is not None:
        raise Bail  # (the ordinary lookup of another value: not followed)
    if name == "__dict__" and obj.cls.lookup("__dict__") is None and obj.cls.lookup("__slots__") is None:
        return obj.attrs  # (the instance's own namespace, which `__getattr__` never gives)
    if name.startswith("__"):
        raise Bail  # (what `object` gives every instance: not modelled)
    if obj.cls.lookup("__getattr__") is None:
        return run.attribute(obj, name)
    if obj.cls.lookup(name) is not None:
        raise Bail  # (a class attribute or descriptor: what the run reads may ask `__getattr__`)
    if name in obj.attrs:
        return obj.attrs[name]
    raise Raised(AttributeError(name))
