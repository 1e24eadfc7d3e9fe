"""`types.MappingProxyType(d)` in a script run (script_run.py; issue 13).

A config section freezes its base keys as a read-only view, `BASE = types.MappingProxyType({...})`,
and the loader copies it (`dict(BASE)`, `{**BASE, **overrides}`) or reads it (`BASE["mesh_axes"]`,
`BASE.get(k)`, `k in BASE`, `for k in BASE`). The proxy is a live view of the dict it was made
from: reads, length and walks are the dict's (a walk sees a change, and a change of size while it
walks stops the run: live_loops.py), `copy()` is the dict's copy, and a store or delete through
the proxy is Python's TypeError. `keys()`, `values()` and `items()` are the dict's own views (live,
sized, set-like, falsy when empty); `==` is the dict's, and the proxy is unhashable (a TypeError
as a set item or a dict key; Python 3.11, found by adversarial30). It is no dict (`isinstance(p, dict)` is False) and no plain value
(`json.dumps(p)` stops the run). Made only over a dict or an OrderedDict; anything else stops the run.
"""
from __future__ import annotations

from collections import OrderedDict

from codemods.analysis.cached_calls import hashable
from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledContainer
from codemods.analysis.script_values import RunCallable

_METHODS = frozenset({"get", "keys", "values", "items", "copy"})


class MappingProxy(ModelledContainer):
    __slots__ = ("mapping",)
    walked_live = True

    def __init__(self, mapping: dict) -> None:
        self.mapping = mapping

    __hash__ = None  # (Python 3.11: "unhashable type: 'mappingproxy'", as a set item or a dict key)

    def __eq__(self, other: object) -> bool:
        return self.mapping == (other.mapping if type(other) is MappingProxy else other)  # (the mapping's `==`)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __iter__(self):
        return iter(self.mapping)

    def __len__(self) -> int:
        return len(self.mapping)

    def keys(self):  # (`dict(proxy)`, `{**proxy}`: Python reads the keys, then each item)
        return self.mapping.keys()

    def __getitem__(self, key: object) -> object:
        return self.item(None, key)

    def items(self, run) -> list:
        return list(self.mapping)

    def item(self, run, key: object) -> object:
        if not hashable(key):
            raise Bail  # (a key whose hash or `==` the program may define)
        if key not in self.mapping:
            raise Raised(KeyError(key))
        return self.mapping[key]

    def store(self, run, key: object, value: object) -> None:
        raise Raised(TypeError("'mappingproxy' object does not support item assignment"))

    def contains(self, run, key: object) -> bool:
        if not hashable(key):
            raise Bail
        return key in self.mapping

    def attribute(self, run, name: str) -> object:
        if name in _METHODS:
            return _Method(self, name)
        raise Bail

    def method(self, run, name: str, args: list, kwargs: dict) -> object:
        if kwargs:
            raise Bail
        if name == "get" and 1 <= len(args) <= 2:
            return self.item(run, args[0]) if self.contains(run, args[0]) else (args[1] if len(args) == 2 else None)
        if name in ("keys", "values", "items") and not args:
            return getattr(self.mapping, name)()  # (the dict's own view: live, sized, set-like, falsy when empty)
        if name == "copy" and not args:
            return self.mapping.copy()
        raise Bail


class _Method(RunCallable):
    __slots__ = ("name", "owner")

    def __init__(self, owner: MappingProxy, name: str) -> None:
        self.owner, self.name = owner, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        return self.owner.method(run, self.name, args, kwargs)


def _made(run, args: list, kwargs: dict) -> MappingProxy:
    if len(args) != 1 or kwargs or type(args[0]) not in (dict, OrderedDict):
        raise Bail
    return MappingProxy(args[0])


LIBRARY = {"types.MappingProxyType": _made}
