"""`len`, `reversed` and `dict` of an instance of a module class, through the hooks Python asks
(script_builtins.py; issue 13).

Each asks its own hook of the type before any iteration: `len(obj)` calls `type(obj).__len__`
(the number of items `__iter__` gives is not read; without `__len__` a plain object raises
TypeError), `reversed(obj)` returns what `type(obj).__reversed__` returns (a list or dict
subclass inherits its base's, which reads the stored items, not `__iter__`; without one, the
sequence protocol through `__len__` and `__getitem__`), and `dict(obj)` of an object that has
`keys` takes `obj.keys()` and `obj[key]` for each (the mapping protocol), pairs from `__iter__`
only without `keys`. What the run cannot follow exactly (a hook that is not a function of the
module, a dict subclass overriding one of them, `__getattr__`) stops the run (Bail).
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Bound, UFunc, UObj

PROTOCOL_BUILTINS = ("len", "reversed", "dict")


def protocol_call(run, name: str, func, args: list, kwargs: dict) -> object:
    """`name(obj, ...)` of an instance of a module class; NotImplemented where the items its
    iteration gives are what the builtin reads (script_builtins.held)."""
    obj = args[0]
    if name == "len":
        if len(args) != 1 or kwargs:
            raise Bail
        hook = _hook(obj, "__len__")
        if hook is None:
            if obj.data is None:
                raise Bail  # (TypeError: no len(); not modelled)
            return len(obj.data)
        size = run.call(Bound(hook, obj), [], {})
        if type(size) not in (int, bool) or size < 0:
            raise Bail  # (TypeError, ValueError)
        return int(size)
    if name == "reversed":
        if len(args) != 1 or kwargs:
            raise Bail
        hook = _hook(obj, "__reversed__")
        if hook is not None:
            return run.call(Bound(hook, obj), [], {})
        if type(obj.data) is not list:
            raise Bail  # (the sequence protocol, a dict subclass's keys: not modelled)
        return run.builtin(func, [obj.data], {})
    if len(args) != 1:
        raise Bail
    if "keys" in obj.attrs or obj.cls.lookup("__getattribute__") is not None:
        raise Bail
    if obj.data is not None and type(obj.data) is not list:
        if any(obj.cls.lookup(hook) is not None for hook in ("keys", "__iter__", "__getitem__")):
            raise Bail  # (CPython's fast path for some, the mapping protocol for others)
        return run.builtin(func, [obj.data], kwargs)  # (`keys` is dict's own: a `__getattr__` is never asked)
    if obj.cls.lookup("__getattr__") is not None:
        raise Bail  # (it may answer `keys`)
    keys = _hook(obj, "keys")
    if keys is None:
        return NotImplemented  # (pairs from its iteration)
    made = {}
    for key in run.iterate(run.call(Bound(keys, obj), [], {})):
        made[key] = run.item(obj, key)  # (through `__getitem__`)
    return run.builtin(func, [made], kwargs)


def _hook(obj: UObj, name: str) -> UFunc | None:
    found = obj.cls.lookup(name)
    if found is None:
        return None
    if type(found[1]) is not UFunc:
        raise Bail  # (`__len__ = None`, a lambda, a staticmethod: not followed here)
    return found[1]
