"""`collections.UserDict` and `collections.UserList` in a script run (script_classes.py; issue 13):
`class Config(UserDict): def __missing__(self, key): ...`, `class Axes(UserList): def append(...)`.

Unlike a subclass of dict or list, these wrappers are written in Python: their methods go through
the instance's own `self[key] = value`, `self[i]` and `self.data`, so a subclass that overrides
`__setitem__` sees every store `__init__` and `update` make, and a `__missing__` answers
`self[key]`. The run runs them as Python does: the classes below are written out from what
CPython 3.11's collections and collections.abc do (MutableMapping's `update`, `setdefault`,
`pop`; Sequence's `__iter__` by index until IndexError), and made as module classes of the run,
once per run, so a subclass is an ordinary module class with these as its base.

Methods whose meaning changed between Python versions (`UserDict.get`, which 3.12 made ask
`key in self` first: it differs when the subclass overrides `__getitem__`, `__contains__` or has
`__missing__`) and the rest of the API (views, copies, comparisons, operators other than `+`,
`|`) stop the run where they are called (`_not_modelled`, a name no namespace holds: Bail).
"""
from __future__ import annotations

import ast

_SOURCE = '''
class UserDict:
    def __init__(self, dict=None, /, **kwargs):
        self.data = {}
        if dict is not None:
            self.update(dict)
        if kwargs:
            self.update(kwargs)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        if key in self.data:
            return self.data[key]
        if hasattr(self.__class__, "__missing__"):
            return self.__class__.__missing__(self, key)
        raise KeyError(key)

    def __setitem__(self, key, item):
        self.data[key] = item

    def __delitem__(self, key):
        del self.data[key]

    def __iter__(self):
        return iter(self.data)

    def __contains__(self, key):
        return key in self.data

    def update(self, other=(), /, **kwds):
        if isinstance(other, (dict, UserDict)):
            for key in other:
                self[key] = other[key]
        elif type(other) in (list, tuple):
            for key, value in other:
                self[key] = value
        else:
            _not_modelled()
        for key, value in kwds.items():
            self[key] = value

    def setdefault(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            self[key] = default
        return default

    def pop(self, key, *default):
        if len(default) > 1:
            raise TypeError("pop expected at most 2 arguments")
        try:
            value = self[key]
        except KeyError:
            if not default:
                raise
            return default[0]
        else:
            del self[key]
            return value

    def _unmodelled(self, *args, **kwargs):
        return _not_modelled()

    __hash__ = None
    get = keys = items = values = copy = popitem = clear = fromkeys = _unmodelled
    __repr__ = __eq__ = __ne__ = __or__ = __ror__ = __ior__ = __copy__ = __reversed__ = _unmodelled


class UserList:
    def __init__(self, initlist=None):
        self.data = []
        if initlist is not None:
            if type(initlist) is list:
                self.data[:] = initlist
            elif isinstance(initlist, UserList):
                self.data[:] = initlist.data[:]
            else:
                self.data = list(initlist)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        if type(i) is slice:
            return self.__class__(self.data[i])
        return self.data[i]

    def __setitem__(self, i, item):
        self.data[i] = item

    def __delitem__(self, i):
        del self.data[i]

    def __iter__(self):
        i = 0
        try:
            while True:
                v = self[i]
                yield v
                i += 1
        except IndexError:
            return

    def __contains__(self, item):
        return item in self.data

    def __add__(self, other):
        if isinstance(other, UserList):
            return self.__class__(self.data + other.data)
        if isinstance(other, list):
            return self.__class__(self.data + other)
        return self.__class__(self.data + list(other))

    def append(self, item):
        self.data.append(item)

    def insert(self, i, item):
        self.data.insert(i, item)

    def pop(self, i=-1):
        return self.data.pop(i)

    def remove(self, item):
        self.data.remove(item)

    def clear(self):
        self.data.clear()

    def count(self, item):
        return self.data.count(item)

    def index(self, item, *args):
        return self.data.index(item, *args)

    def reverse(self):
        self.data.reverse()

    def extend(self, other):
        if isinstance(other, UserList):
            self.data.extend(other.data)
        else:
            self.data.extend(other)

    def _unmodelled(self, *args, **kwargs):
        return _not_modelled()

    __hash__ = None
    sort = copy = _unmodelled
    __repr__ = __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __mul__ = __rmul__ = __imul__ = _unmodelled
    __radd__ = __iadd__ = __reversed__ = __copy__ = __class_getitem__ = _unmodelled
'''

NAMES = {"collections.UserDict": "UserDict", "collections.UserList": "UserList"}
_TREE: list = []


def user_class(run, value: object) -> object:
    """The run's class for `collections.UserDict` / `UserList` (made on first use), else `value`."""
    from codemods import jaxapi
    from codemods.analysis.script_values import Lib

    if type(value) is not Lib or jaxapi.canonical(value.name) not in NAMES:
        return value
    made = run.__dict__.get("_user_collections")
    if made is None:
        made = run.__dict__["_user_collections"] = _make(run)
    return made[NAMES[jaxapi.canonical(value.name)]]


def _make(run) -> dict:
    from codemods.analysis.host_exprs import Env
    from codemods.analysis.script_classes import make_class

    if not _TREE:
        _TREE.append(ast.parse(_SOURCE))
    env = Env(None, frozenset())  # (their own namespace: the program's names are not theirs)
    env.vars = {}
    for node in _TREE[0].body:
        env.vars[node.name] = make_class(run, node, env)
    return dict(env.vars)


