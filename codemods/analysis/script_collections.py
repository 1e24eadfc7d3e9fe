"""`collections.deque`, `Counter`, `defaultdict` and `ChainMap` in a script run (script_run.py;
issue 13).

A launcher keeps its axis names in a `deque` it rotates to pick the data axis, counts axis uses
with a `Counter` and takes `most_common(2)`, groups them in a `defaultdict(list)`, or layers a
user's overrides over defaults with a `ChainMap`. Each is held here as the real container of
CPython's `collections` (or, for a ChainMap, its list of real dicts) and read by the documented
semantics:
- deque: bounded by `maxlen` (an append past it drops an item from the other end), `rotate(n)`
  moves the last n items to the front, indexing by int only (a slice raises TypeError);
- Counter: a missing key reads as 0 and is not inserted; `most_common` orders by count, ties in
  insertion order (the real method, run on the real Counter);
- defaultdict: a missing key read by `d[k]` calls the factory with no arguments (a builtin type
  or the program's own callable, run by the run) and stores the result; `get` and `in` do not;
- ChainMap: a read searches the maps in order, writes and deletes go to the first map, walking
  it gives the keys of the last map first (as `ChainMap.__iter__` builds them), a snapshot.
Keys must be plain hashable values (no `__hash__` or `__eq__` of the program runs); items are kept
unread, and a method that compares them (`count`, `index`, `remove`, `in`) needs plain ones.
Anything else (another method, an operator between two of them, a subclass) stops the run.
"""
from __future__ import annotations

import ast
import collections
import operator

from codemods.analysis.cached_calls import hashable
from codemods.analysis.host_exprs import Iter, Raised, guard, plain_tree
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledContainer, RealContainer, UnkeyedContainer
from codemods.analysis.script_values import RunCallable

_FACTORIES = (list, dict, set, int, float, str, tuple, bool, frozenset)
_NUMBERS = (int, float, bool)


def _key(key: object) -> object:
    if not hashable(key):
        raise Bail  # (a key whose hash or `==` the program may define)
    return key


def _plain(*values: object) -> None:
    if not all(plain_tree(value) for value in values):
        raise Bail


class _Method(RunCallable):
    __slots__ = ("name", "owner")

    def __init__(self, owner, name: str) -> None:
        self.owner, self.name = owner, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        return self.owner.method(run, self.name, args, kwargs)


class DequeObj(RealContainer):
    __slots__ = ()
    walked_live = True
    _METHODS = frozenset({"append", "appendleft", "pop", "popleft", "extend", "extendleft", "rotate", "clear",
                          "copy", "count", "index", "remove", "reverse", "insert"})


    def __reversed__(self):
        return reversed(self.real)

    def attribute(self, run, name: str) -> object:
        if name == "maxlen":
            return self.real.maxlen
        if name in self._METHODS:
            return _Method(self, name)
        raise Bail

    def method(self, run, name: str, args: list, kwargs: dict) -> object:
        if kwargs:
            raise Bail
        if name in ("extend", "extendleft"):
            if len(args) != 1:
                raise Bail
            args = [list(run.iterate(args[0]))]  # (read whole before the deque changes, as Python's copy)
        elif name in ("count", "index", "remove"):
            _plain(*args, *self.real)
        elif name == "rotate" and not all(type(a) in (int, bool) for a in args):
            raise Bail
        elif name == "insert" and (len(args) != 2 or type(args[0]) not in (int, bool)):
            raise Bail
        if name == "copy":
            return DequeObj(guard(self.real.copy, *args))
        return guard(getattr(self.real, name), *args)

    def items(self, run) -> list:
        return list(self.real)

    def item(self, run, key: object) -> object:
        if type(key) not in (int, bool, slice):
            from codemods.analysis.unknown_indexes import item as unknown_item

            # (`self.items[i]` of a drawn index: one of its items, all of one form: unknown_indexes.py;
            # a deque takes an index as a list does, IndexError out of range)
            if (found := unknown_item(run, list(self.real), key)) is not NotImplemented:
                return found
            raise Bail
        return guard(operator.getitem, self.real, key)

    def store(self, run, key: object, value: object) -> None:
        if type(key) not in (int, bool, slice):
            raise Bail
        guard(operator.setitem, self.real, key, value)

    def contains(self, run, key: object) -> bool:
        _plain(key, *self.real)
        return key in self.real


class _Mapping(RealContainer):
    """A dict-backed container: `real` is a dict (or Counter) the run owns."""

    __slots__ = ()
    walked_live = True
    derives = (dict,)  # (Counter and defaultdict derive from dict)
    _VIEWS = frozenset({"keys", "values", "items"})


    def __reversed__(self):
        return reversed(self.real)

    def keys(self):  # (for `dict(x)`, which reads keys and items as Python does)
        return self.real.keys()

    def __getitem__(self, key: object) -> object:
        return self.real[key]

    def items(self, run) -> list:
        return list(self.real)

    def contains(self, run, key: object) -> bool:
        return _key(key) in self.real

    def store(self, run, key: object, value: object) -> None:
        self.real[_key(key)] = value

    def dict_method(self, run, name: str, args: list, kwargs: dict) -> object:
        if name in self._VIEWS:
            if args or kwargs:
                raise Bail
            return getattr(self.real, name)()  # (a view of the real dict: walked live, as Python walks it)
        if name in ("get", "pop", "setdefault"):
            if kwargs or not 1 <= len(args) <= 2:
                raise Bail
            _key(args[0])
            return guard(getattr(self.real, name), *args)
        if name == "clear" and not args and not kwargs:
            return self.real.clear()
        raise Bail


class CounterObj(_Mapping):
    __slots__ = ()
    _METHODS = frozenset({"most_common", "update", "subtract", "elements", "total", "keys", "values", "items", "get",
                          "pop", "setdefault", "clear", "copy"})

    def attribute(self, run, name: str) -> object:
        if name in self._METHODS:
            return _Method(self, name)
        raise Bail

    def method(self, run, name: str, args: list, kwargs: dict) -> object:
        if name in ("update", "subtract"):
            if len(args) > 1:
                raise Bail
            given = [_counted(run, args[0])] if args else []
            _counts((*kwargs.values(), *self.real.values()))
            return guard(getattr(self.real, name), *given, **kwargs)
        if name == "most_common":
            if kwargs or len(args) > 1 or args and type(args[0]) not in (int, type(None)):
                raise Bail
            _counts(self.real.values())  # (sorted by count: numbers only)
            return guard(self.real.most_common, *args)
        if name == "elements" and not args and not kwargs:
            if not all(type(count) is int for count in self.real.values()):
                raise Bail
            return Iter(list(self.real.elements()), run.statements)
        if name == "total" and not args and not kwargs:
            _counts(self.real.values())
            return self.real.total()
        if name == "copy" and not args and not kwargs:
            return CounterObj(self.real.copy())
        return self.dict_method(run, name, args, kwargs)

    def item(self, run, key: object) -> object:
        return self.real[_key(key)]  # (a missing key counts 0: Counter's __missing__, nothing stored)


class DefaultDictObj(_Mapping):
    __slots__ = ("factory",)
    _METHODS = frozenset({"keys", "values", "items", "get", "pop", "setdefault", "clear", "update"})

    def __init__(self, real: dict, factory: object) -> None:
        self.real, self.factory = real, factory

    def attribute(self, run, name: str) -> object:
        if name == "default_factory":
            return self.factory
        if name in self._METHODS:
            return _Method(self, name)
        raise Bail

    def method(self, run, name: str, args: list, kwargs: dict) -> object:
        if name == "update":
            for key, value in _pairs(run, args, kwargs):
                self.real[key] = value
            return None
        return self.dict_method(run, name, args, kwargs)

    def item(self, run, key: object) -> object:
        if _key(key) in self.real:
            return self.real[key]
        if self.factory is None:
            raise Raised(KeyError(key))
        made = self.factory() if self.factory in _FACTORIES else run.call(self.factory, [], {})
        self.real[key] = made  # (`__missing__` stores what the factory made)
        return made


class ChainMapObj(ModelledContainer):
    __slots__ = ("maps",)
    _METHODS = frozenset({"get", "keys", "values", "items", "new_child", "pop"})

    def __init__(self, maps: list) -> None:
        self.maps = maps

    def _merged(self) -> dict:
        merged: dict = {}
        for mapping in reversed(self.maps):
            merged.update(dict.fromkeys(mapping))
        return merged

    def __iter__(self):
        return iter(self._merged())

    def __len__(self) -> int:
        return len(self._merged())

    def keys(self):
        return self._merged().keys()

    def __reversed__(self):
        raise Bail  # (a ChainMap has no `__reversed__`: Python falls back on `cm[i]` lookups)

    def __getitem__(self, key: object) -> object:
        return self.lookup(key)

    def lookup(self, key: object) -> object:
        for mapping in self.maps:
            if _key(key) in mapping:
                return mapping[key]
        raise Raised(KeyError(key))

    def attribute(self, run, name: str) -> object:
        if name == "maps":
            return self.maps
        if name == "parents":
            return ChainMapObj(self.maps[1:])
        if name in self._METHODS:
            return _Method(self, name)
        raise Bail

    def method(self, run, name: str, args: list, kwargs: dict) -> object:
        if kwargs:
            raise Bail
        if name == "get" and 1 <= len(args) <= 2:
            return self.lookup(args[0]) if self.contains(run, args[0]) else (args[1] if len(args) == 2 else None)
        if name == "new_child" and len(args) <= 1:
            child = args[0] if args and args[0] is not None else {}
            if type(child) is not dict:
                raise Bail
            return ChainMapObj([child, *self.maps])
        if name == "pop" and 1 <= len(args) <= 2:
            return guard(self.maps[0].pop, _key(args[0]), *args[1:])  # (only the first map: KeyError otherwise)
        if name in ("keys", "values", "items") and not args:
            merged = self._merged()
            found = {key: self.lookup(key) for key in merged}
            return Iter(list(getattr(found, name)()), run.statements)
        raise Bail

    def items(self, run) -> list:
        return list(self._merged())  # (a snapshot, as ChainMap walks one)

    def item(self, run, key: object) -> object:
        return self.lookup(key)

    def store(self, run, key: object, value: object) -> None:
        self.maps[0][_key(key)] = value

    def contains(self, run, key: object) -> bool:
        return any(_key(key) in mapping for mapping in self.maps)


_COUNTER_OPS = {ast.Add: (operator.add, operator.iadd), ast.Sub: (operator.sub, operator.isub),
                ast.BitOr: (operator.or_, operator.ior), ast.BitAnd: (operator.and_, operator.iand)}


def counter_binary(op: type, left: object, right: object, augmented: bool) -> object:
    """`a - b`, `a -= b` (and `+`, `|`, `&`) of two Counters: Counter's own operators, run on
    the real Counters (positive counts kept); `-=` and the like change `a` itself. NotImplemented
    for anything else."""
    if type(left) is not CounterObj or type(right) is not CounterObj or op not in _COUNTER_OPS:
        return NotImplemented
    _counts((*left.real.values(), *right.real.values()))
    if augmented:
        guard(_COUNTER_OPS[op][1], left.real, right.real)
        return left
    return CounterObj(guard(_COUNTER_OPS[op][0], left.real, right.real))


def _counts(values) -> None:
    if not all(type(value) in _NUMBERS for value in values):
        raise Bail


def _counted(run, given: object) -> object:
    """What `Counter(x)` or `update(x)` reads: a mapping's counts, or the items of an iterable
    (Python asks `isinstance(x, Mapping)`: a defaultdict or a mappingproxy gives its values too;
    a mapping not modelled here, or a class of the program, stops the run)."""
    from codemods.analysis.mapping_proxies import MappingProxy
    from codemods.analysis.script_values import UObj

    if type(given) is MappingProxy:
        given = given.mapping
    if type(given) in (dict, collections.OrderedDict, CounterObj, DefaultDictObj):
        found = dict(given.real if type(given) in (CounterObj, DefaultDictObj) else given)
        for key in found:
            _key(key)
        _counts(found.values())
        return found
    if type(given) is UObj or isinstance(given, ModelledContainer) and type(given) is not DequeObj \
            and not isinstance(given, UnkeyedContainer):
        raise Bail  # (a ChainMap, a dict subclass, a mapping class: counted by its values)
    items = list(run.iterate(given))
    for item in items:
        _key(item)
    return items


def _pairs(run, args: list, kwargs: dict) -> list:
    if len(args) > 1:
        raise Bail
    pairs = []
    if args:
        given = args[0]
        if type(given) in (dict, collections.OrderedDict):
            pairs = list(given.items())
        else:
            for pair in run.iterate(given):
                if type(pair) not in (tuple, list) or len(pair) != 2:
                    raise Bail
                pairs.append(tuple(pair))
    pairs.extend(kwargs.items())
    for key, _ in pairs:
        _key(key)
    return pairs


def _deque(run, args: list, kwargs: dict) -> DequeObj:
    if len(args) > 2 or not set(kwargs) <= {"iterable", "maxlen"}:
        raise Bail
    given = dict(zip(("iterable", "maxlen"), args), **kwargs)
    maxlen = given.get("maxlen")
    if maxlen is not None and type(maxlen) is not int:
        raise Bail
    items = list(run.iterate(given["iterable"])) if "iterable" in given else []
    return DequeObj(guard(collections.deque, items, maxlen))


def _counter(run, args: list, kwargs: dict) -> CounterObj:
    if len(args) > 1:
        raise Bail
    _counts(kwargs.values())
    return CounterObj(collections.Counter(*([_counted(run, args[0])] if args else []), **kwargs))


def _defaultdict(run, args: list, kwargs: dict) -> DefaultDictObj:
    factory = args[0] if args else None
    if factory is not None and factory not in _FACTORIES and not callable_value(factory):
        raise Bail
    return DefaultDictObj(dict(_pairs(run, args[1:], kwargs)), factory)


def callable_value(value: object) -> bool:
    from codemods.analysis.script_builtins import CALLABLES

    return isinstance(value, CALLABLES) and type(value).__name__ != "Lib"


def _chain_map(run, args: list, kwargs: dict) -> ChainMapObj:
    if kwargs or not all(type(mapping) is dict for mapping in args):
        raise Bail  # (a map of another kind: its own lookup is not modelled)
    for mapping in args:
        for key in mapping:
            _key(key)
    return ChainMapObj(list(args) or [{}])


LIBRARY = {"collections.deque": _deque, "collections.Counter": _counter, "collections.defaultdict": _defaultdict,
           "collections.ChainMap": _chain_map}
