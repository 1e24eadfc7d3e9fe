"""`weakref.WeakValueDictionary()` in a script run (script_run.py; issue 13).

A metrics registry keeps the objects that own its series in a weak mapping,
`self._owners = weakref.WeakValueDictionary()`, `self._owners[key] = owner`, so that the registry
never keeps an owner alive. An entry goes away when its value is collected: in CPython when the
last strong reference to it goes (reference counts), or at a cyclic collection, which may happen
at any allocation. The run counts no references, so what the mapping holds later is not known:
making it and storing into it are followed, and any read (an item, `len`, truth, a walk, a
membership test, any method) stops the run (Bail).

A store is CPython's: the key must hash (a plain key; another stops the run), and the value must
take a weak reference. An instance of a module class takes one unless a class of its `__mro__`
declares `__slots__` (then `__weakref__` may be missing: not followed, Bail); a plain value (an
int, a str, a tuple, a list, a dict, None; not a set) takes none: TypeError "cannot create weak reference to
'int' object", raised where the program stores it. Anything else stops the run.
"""
from __future__ import annotations

from codemods.analysis.cached_calls import hashable
from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledContainer

# Values Python refuses a weak reference to (CPython 3.11: these builtin types have no
# `__weakref__` slot), by the name its TypeError gives.
_REFUSED = {int: "int", float: "float", str: "str", bytes: "bytes", tuple: "tuple", list: "list", dict: "dict",
            bool: "bool", type(None): "NoneType", complex: "complex"}


def weakly_held(value: object) -> bool:
    """Whether Python takes a weak reference to `value` (an instance of a module class without
    `__slots__`); raises Python's TypeError for a plain value; stops the run for anything else."""
    from codemods.analysis.script_values import UObj

    if type(value) in _REFUSED:
        raise Raised(TypeError(f"cannot create weak reference to '{_REFUSED[type(value)]}' object"))
    if type(value) is not UObj or value.cls.builtin is not None or value.cls.meta is not None \
            or value.cls.kind not in ("plain", "dataclass") \
            or any("__slots__" in cls.attrs for cls in value.cls.order):
        raise Bail
    return True


class WeakValueDict(ModelledContainer):
    """A WeakValueDictionary: stores followed, reads stop the run (what it holds is not known)."""

    __slots__ = ()

    def __iter__(self):
        raise Bail

    def __len__(self) -> int:
        raise Bail

    def items(self, run) -> list:
        raise Bail

    def item(self, run, key: object) -> object:
        raise Bail

    def contains(self, run, key: object) -> bool:
        raise Bail

    def store(self, run, key: object, value: object) -> None:
        if not hashable(key):
            raise Bail  # (a key whose hash or `==` the program may define)
        weakly_held(value)  # (raises where Python does; the mapping's content is never read)

    def attribute(self, run, name: str) -> object:
        raise Bail


def _weak_value_dictionary(run, args: list, kwargs: dict) -> WeakValueDict:
    if args or kwargs:
        raise Bail  # (made from a mapping: not followed)
    return WeakValueDict()


LIBRARY = {"weakref.WeakValueDictionary": _weak_value_dictionary}
