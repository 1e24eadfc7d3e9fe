"""`class Frozen(collections.abc.Mapping)`, `MutableMapping`, `Sequence` in a script run
(script_classes.py; issue 13): the read-only config views and registries of framework code, which
write `__getitem__`, `__iter__`, `__len__` and take `get`, `keys`, `items`, `values`, `in`, `==`
(and, mutable, `update`, `setdefault`, `pop`) from the ABC.

Python's mixin methods are plain Python written against the subclass's own `self[key]`,
`iter(self)` and `len(self)`, so the run runs them as Python does: the classes below are written
out from what CPython 3.11's collections.abc does (a `get` and `in` that ask `self[key]` and catch
KeyError; views that iterate the mapping live; `__eq__` comparing `dict(self.items())`;
MutableMapping's `update` taking a Mapping, an object with `keys()`, or pairs; Sequence's
`__iter__` by index until IndexError, its `yield` outside the `try` so that leaving it suspended
runs no code; KeysView's `yield from` of the mapping as a `for` loop: the same but for what
`throw` and `send` hand in), made as module classes of the run once per run, with the
run's `abc.ABC` as base so a subclass missing an abstract method is refused as Python refuses it
(abc_bases.py). Set operations of the views, `__repr__` and the rest stop the run where they are
called (`_not_modelled`, a name no namespace holds: Bail).

`isinstance(obj, Mapping)` keeps asking the real ABC (abc_checks.py): an instance of a subclass
of these answers as its real counterpart does (`derived_abc`).
"""
from __future__ import annotations

import ast

from codemods.analysis.host_objects import Bail

_SOURCE = '''
class Mapping(ABC):
    __slots__ = ()
    __reversed__ = None

    @abstractmethod
    def __getitem__(self, key):
        raise KeyError

    @abstractmethod
    def __iter__(self):
        _not_modelled()

    @abstractmethod
    def __len__(self):
        return 0

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        try:
            self[key]
        except KeyError:
            return False
        else:
            return True

    def keys(self):
        return KeysView(self)

    def items(self):
        return ItemsView(self)

    def values(self):
        return ValuesView(self)

    def __eq__(self, other):
        if not isinstance(other, _MAPPING):
            return NotImplemented
        return dict(self.items()) == dict(other.items())


class MutableMapping(Mapping):
    __slots__ = ()

    @abstractmethod
    def __setitem__(self, key, value):
        raise KeyError

    @abstractmethod
    def __delitem__(self, key):
        raise KeyError

    def pop(self, key, *default):
        if len(default) > 1:
            _not_modelled()
        try:
            value = self[key]
        except KeyError:
            if not default:
                raise
            return default[0]
        else:
            del self[key]
            return value

    def popitem(self):
        try:
            key = next(iter(self))
        except StopIteration:
            raise KeyError from None
        value = self[key]
        del self[key]
        return key, value

    def clear(self):
        try:
            while True:
                self.popitem()
        except KeyError:
            pass

    def update(self, other=(), /, **kwds):
        if isinstance(other, _MAPPING):
            for key in other:
                self[key] = other[key]
        elif hasattr(other, "keys"):
            for key in other.keys():
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwds.items():
            self[key] = value

    def setdefault(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            self[key] = default
        return default


class Sequence(ABC):
    __slots__ = ()

    @abstractmethod
    def __getitem__(self, index):
        raise IndexError

    @abstractmethod
    def __len__(self):
        return 0

    def __iter__(self):
        i = 0
        while True:
            try:
                v = self[i]
            except IndexError:
                return
            yield v
            i += 1

    def __contains__(self, value):
        for v in self:
            if v is value or v == value:
                return True
        return False

    def __reversed__(self):
        for i in reversed(range(len(self))):
            yield self[i]

    def index(self, value, start=0, stop=None):
        if start is not None and start < 0:
            start = max(len(self) + start, 0)
        if stop is not None and stop < 0:
            stop += len(self)
        i = start
        while stop is None or i < stop:
            try:
                v = self[i]
            except IndexError:
                break
            if v is value or v == value:
                return i
            i += 1
        raise ValueError

    def count(self, value):
        return sum(1 for v in self if v is value or v == value)


class KeysView:
    __slots__ = ("_mapping",)

    def __init__(self, mapping):
        self._mapping = mapping

    def __len__(self):
        return len(self._mapping)

    def __iter__(self):
        for key in self._mapping:
            yield key

    def __contains__(self, key):
        return key in self._mapping

    def _unmodelled(self, *args, **kwargs):
        return _not_modelled()

    __repr__ = __eq__ = __ne__ = __and__ = __or__ = __sub__ = __xor__ = __le__ = __lt__ = __ge__ = __gt__ = _unmodelled
    __rand__ = __ror__ = __rsub__ = __rxor__ = isdisjoint = __reversed__ = _unmodelled


class ItemsView(KeysView):
    __slots__ = ()

    def __iter__(self):
        for key in self._mapping:
            yield (key, self._mapping[key])

    def __contains__(self, item):
        key, value = item
        try:
            v = self._mapping[key]
        except KeyError:
            return False
        else:
            return v is value or v == value


class ValuesView(KeysView):
    __slots__ = ()

    def __iter__(self):
        for key in self._mapping:
            yield self._mapping[key]

    def __contains__(self, value):
        for key in self._mapping:
            v = self._mapping[key]
            if v is value or v == value:
                return True
        return False
'''

_BASES = ("Mapping", "MutableMapping", "Sequence")
NAMES = {f"{module}.{short}": short for module in ("collections.abc", "typing") for short in _BASES}
_TREE: list = []


def collection_base(run, value: object) -> object:
    """A class statement's base: the run's class for `collections.abc.Mapping`, `MutableMapping`,
    `Sequence` (or their `typing` aliases), made on first use; else the value itself."""
    from codemods import jaxapi
    from codemods.analysis.script_values import Lib

    if type(value) is not Lib or jaxapi.canonical(value.name) not in NAMES:
        return value
    return _classes(run)[NAMES[jaxapi.canonical(value.name)]]


def derived_abc(run, obj: object) -> type | None:
    """For an instance of a module class deriving from one of the run's ABCs above: the real ABC
    that class stands for (the most derived one), else None."""
    import collections.abc

    from codemods.analysis.script_values import UObj

    made = run.__dict__.get("_abc_collections")
    if made is None or type(obj) is not UObj:
        return None
    for short in ("MutableMapping", "Mapping", "Sequence"):
        if obj.cls.derives(made[short]):
            return getattr(collections.abc, short)
    return None


def _classes(run) -> dict:
    from codemods.analysis.abc_bases import abc_base
    from codemods.analysis.host_exprs import Env
    from codemods.analysis.script_classes import make_class
    from codemods.analysis.script_values import Lib

    made = run.__dict__.get("_abc_collections")
    if made is not None:
        return made
    if not _TREE:
        _TREE.append(ast.parse(_SOURCE))
        for node in ast.walk(_TREE[0]):
            if type(node) in (ast.ClassDef, ast.FunctionDef):
                node._sf_stand_in = True  # (its class and functions are collections.abc's: `stand_in_read`)
    env = Env(None, frozenset())  # (their own namespace: the program's names are not theirs)
    env.vars = {"ABC": abc_base(run, Lib("abc.ABC")), "abstractmethod": Lib("abc.abstractmethod"),
                "_MAPPING": Lib("collections.abc.Mapping")}
    for node in _TREE[0].body:
        env.vars[node.name] = make_class(run, node, env)
    made = run.__dict__["_abc_collections"] = dict(env.vars)
    return made


def stand_in_read(cls, name: str) -> object:
    """`C.name` of a class whose order holds one of the classes above, where the stand-in would
    answer otherwise than the real ABC: the real class's order (`Sized`, `Iterable`, `Container`,
    `Collection`, not the run's `abc.ABC`) and the members it has and the stand-in lacks
    (`_abc_impl`, `__class_getitem__`, `register`, `mro`) stop the run; `__module__` of a
    stand-in itself is "collections.abc". NotImplemented: the class's own lookup answers."""
    import collections.abc

    stand_ins = [klass for klass in cls.order if getattr(klass.node, "_sf_stand_in", False)]
    if not stand_ins:
        return NotImplemented
    if name == "__module__" and stand_ins[0] is cls:
        return "collections.abc"
    if name == "__mro__" or name == "__bases__" and stand_ins[0] is cls:
        raise Bail
    if cls.lookup(name) is None and any(hasattr(getattr(collections.abc, klass.node.name), name) for klass in stand_ins):
        raise Bail
    return NotImplemented


def function_read(func, name: str) -> object:
    """`f.name` of a function of the classes above: `__module__` is "collections.abc", and its
    `__globals__` are not the run's; NotImplemented for any other function or name."""
    if not getattr(func.node, "_sf_stand_in", False):
        return NotImplemented
    if name == "__module__":
        return "collections.abc"
    if name in ("__globals__", "__code__", "__closure__"):
        raise Bail
    return NotImplemented
