"""An object's own namespace in a script run (script_run.py; issue 13): `obj.__dict__` rebound,
and `copy.copy(obj)`.

A workflow engine forks a run into branches by cloning the flow object: `twin = copy.copy(self)`
then `twin.__dict__ = dict(self.__dict__)`, so a branch's `self.x = ...` stays in that branch
while the artifacts it holds are shared. For an instance of a module class the run holds the
namespace (UObj.attrs), so both are exact where Python does the plain thing:

- `obj.__dict__` is the live dict (as `vars(obj)`, read in script_run.attribute).
- `obj.__dict__ = d` makes `d` itself the namespace (not a copy; `d` must be a dict of str keys
  the run holds, and no `__setattr__` of the module sees the store); so does
  `object.__setattr__(obj, "__dict__", d)`, past any `__setattr__` (a pydantic-like model's
  `__init__` storing its validated values).
- `copy.copy(obj)` builds a new instance of the class without `__init__` and gives it a new dict
  with the same values (the object protocol: `__reduce_ex__(4)`, which caches the class's
  `__slotnames__`, then `__dict__.update`); a plain list, dict or set is copied as `copy` copies
  it. `copy.deepcopy(obj)` makes the instance the same way and deep-copies its values
  (script_library.py).

Classes that take part in copying or namespaces themselves stop the run: any of `__copy__`,
`__reduce__`, `__reduce_ex__`, `__getstate__`, `__setstate__`, `__getnewargs__`, `__slots__`,
`__dict__`, a `__getattr__` (copy asks the new object for `__setstate__`, which it would answer), a
`__setattr__` (for the store), and subclasses of dict or list (copied by `append` or
`__setitem__`, which they may override).
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import UFunc, UObj

_COPY_HOOKS = ("__copy__", "__deepcopy__", "__reduce__", "__reduce_ex__", "__getstate__", "__setstate__", "__slots__", "__dict__",
               "__class__", "__getattribute__", "__getattr__", "__getnewargs__", "__getnewargs_ex__")


def _plain(obj: object) -> bool:
    return type(obj) is UObj and obj.data is None and obj.cls.kind in ("plain", "dataclass") \
        and not any(obj.cls.lookup(hook) for hook in _COPY_HOOKS)


def rebind_namespace(obj: object, value: object, past_hooks: bool = False) -> None:
    """`obj.__dict__ = value`; `object.__setattr__(obj, "__dict__", value)` (past_hooks: neither the
    class's `__setattr__` nor a frozen dataclass's sees it)."""
    if not _plain(obj) or not past_hooks and (obj.cls.lookup("__setattr__") is not None or obj.cls.frozen) \
            or type(value) is not dict or not all(type(key) is str for key in value):
        raise Bail
    obj.attrs = value


def shallow_copy(run, args: list, kwargs: dict) -> object:
    """`copy.copy(x)`."""
    if len(args) != 1 or kwargs:
        raise Bail
    obj = args[0]
    if type(obj) in (list, dict, set):
        return type(obj)(obj)
    if type(obj) is UObj and obj.cls.meta is None and (hook := obj.cls.lookup("__copy__")) is not None:
        if type(hook[1]) is not UFunc:
            raise Bail  # (a staticmethod, a classmethod, another callable: not modelled)
        return run.call(hook[1], [obj], {})  # (the class's own, looked up on the class as copy.copy does)
    twin = copied_instance(obj)
    twin.attrs = dict(obj.attrs)
    return twin


def copied_instance(obj: object) -> UObj:
    """The new, empty instance `copy.copy` / `copy.deepcopy` make of a plain object (its namespace
    is filled by the caller). The object protocol's `__reduce_ex__(4)` caches the class's
    `__slotnames__` (an empty list: no `__slots__`) in the class namespace on the way."""
    if not _plain(obj) or obj.cls.lookup("__deepcopy__") is not None:
        raise Bail
    obj.cls.attrs.setdefault("__slotnames__", [])
    return UObj(obj.cls)
