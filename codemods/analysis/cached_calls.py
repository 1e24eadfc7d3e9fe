"""`functools.lru_cache` / `functools.cache` applied to a function, in a script run (script_run.py;
issue 13).

Functional-style code memoises its table builders (`@lru_cache(maxsize=None) def role_axes(role):
...`): the body runs once per distinct argument tuple and every later call hands back the very
object the first call made. CPython's cache key is the positional arguments, then a marker and
the keyword items in the order given (so `f(1, b=2)` and `f(1, 2)` are two entries), compared by
`==` and hash; with `typed=False` `1`, `1.0` and `True` are one key, as in a dict. The run keeps
the entries in a real dict keyed the same way, so only arguments whose hash and equality the run
holds exactly may be keys: strs, numbers, None, and tuples / namedtuples of them. Anything else
(an array: unhashable in Python, which raises; an object; a list) stops the run (Bail), as does
`typed=True` or a bounded cache about to evict (more distinct keys than `maxsize`). A call that
raises caches nothing, as in CPython. A service memoises its compiled step per mesh and option
(`compiled(mesh, dump)`): a mesh is a key too, while every call passes the one mesh object (equal
to itself); two mesh objects may be equal or not (by devices, names and types), so a second one
stops the run. A method cached so (`@functools.cache` on a method of a frozen dataclass) binds
like a function (CPython's cache wrapper is a descriptor) and keys on `self` by its class and
fields, as the dataclass's generated `__eq__`/`__hash__` do; any other object as a key stops the run.
"""
from __future__ import annotations

from codemods.analysis.host_exprs import VALUE_TYPES, plain_tree
from codemods.analysis.host_objects import Bail
from codemods.analysis.dataclass_equality import generated
from codemods.analysis.script_values import Bound, MeshObj, PartialObj, RunCallable, UFunc, UObj

_KWD_MARK = object()
_THE_MESH = object()  # (the key's stand-in for the one mesh object its calls pass)
_RECORD = object()  # (marks a frozen dataclass instance's stand-in: its class and fields)


def hashable(value: object, depth: int = 0) -> bool:
    from codemods.analysis.tree_flattening import TreeDefObj

    if type(value) in VALUE_TYPES or type(value) in (TreeDefObj, MeshObj):  # (a treedef: its skeleton's outline)
        return True
    if type(value).__name__ in ("StrMember", "IntMember"):
        return True  # (a StrEnum's or IntEnum's member: hashed and compared as its str or int, member_texts.py)
    if isinstance(value, tuple) and depth < 10:  # (a tuple or a namedtuple: hashed as its items)
        return all(hashable(item, depth + 1) for item in value)
    if type(value) is frozenset:  # `frozenset({"pipe"})`: equal and hashed by its plain items
        return all(type(item) in VALUE_TYPES for item in value)
    return False


class CachedFunction(RunCallable):
    __slots__ = ("entries", "func", "maxsize", "mesh")

    def __init__(self, func: object, maxsize: int | None) -> None:
        self.func, self.maxsize, self.entries, self.mesh = func, maxsize, {}, None

    def __call__(self, run, args: list, kwargs: dict) -> object:
        for value in (*args, *kwargs.values()):
            if type(value) is MeshObj:
                if self.mesh is not None and value is not self.mesh:
                    raise Bail
                self.mesh = value
            elif type(value) is not UObj and not hashable(value):
                raise Bail
        keyed = [_stand_in(value) for value in args]
        named = {name: _stand_in(value) for name, value in kwargs.items()}
        key = (*keyed, _KWD_MARK, *named.items()) if kwargs else tuple(keyed)
        if len(key) == 1 and type(key[0]) in (int, str):
            key = key[0]  # (CPython's fast path: the same dict entry either way)
        traced = bool(run.in_body or run.jitted)
        if key in self.entries:
            made, made_traced = self.entries[key]
            if made_traced and not plain_tree(made):
                raise Bail  # (a value of one trace handed to another: JAX's leaked-tracer error; one made
                # outside any trace holds no tracer, and a trace takes its arrays as constants)
            return made
        made = run.call(self.func, list(args), dict(kwargs))
        if self.maxsize is not None and key in self.entries:
            raise Bail  # (a bounded cache filled by a recursive call meanwhile keeps that entry)
        if self.maxsize is not None and len(self.entries) >= self.maxsize:
            raise Bail  # (an entry would be evicted: which one is not modelled)
        self.entries[key] = (made, traced)
        return made


def _stand_in(value: object) -> object:
    """What the cache's dict compares for an argument as CPython's would: the one mesh, or a
    frozen dataclass instance (a cached method's `self`: `@functools.cache def inv_freq(self)`),
    whose generated `__eq__` and `__hash__` compare and hash its class and its fields' tuple
    (dataclass_equality.py); its fields must be values whose own hash the run holds."""
    if type(value) is MeshObj:
        return _THE_MESH
    if type(value) is not UObj:
        return value
    cls = value.cls
    if cls.kind != "dataclass" or not cls.frozen or not generated(cls, "__eq__") or not generated(cls, "__hash__") \
            or value.data is not None or any(name not in value.attrs for name in cls.fields):
        raise Bail  # (an object hashed by identity, by methods of its own, or not at all: not modelled)
    fields = tuple(value.attrs[name] for name in cls.fields)
    if not hashable(fields):
        raise Bail
    return (_RECORD, cls, fields)


class CacheDecorator(RunCallable):
    """`lru_cache(maxsize=...)`: applied to the function below it."""

    __slots__ = ("maxsize",)

    def __init__(self, maxsize: int | None) -> None:
        self.maxsize = maxsize

    def __call__(self, run, args: list, kwargs: dict) -> CachedFunction:
        if len(args) != 1 or kwargs or type(args[0]) not in (UFunc, Bound, PartialObj):
            raise Bail
        return CachedFunction(args[0], self.maxsize)


def _lru_cache(run, args: list, kwargs: dict) -> object:
    if len(args) == 1 and not kwargs and type(args[0]) in (UFunc, Bound, PartialObj):
        return CachedFunction(args[0], 128)  # `@lru_cache` bare: the default size
    if args and type(args[0]) in (int, type(None)) and len(args) == 1 and not kwargs:
        return CacheDecorator(args[0] if args[0] is None or args[0] > 0 else _bail())
    if args or not set(kwargs) <= {"maxsize", "typed"} or kwargs.get("typed", False) is not False:
        raise Bail
    size = kwargs.get("maxsize", 128)
    if size is not None and (type(size) is not int or size <= 0):
        raise Bail  # (`maxsize=0`: no caching at all, not modelled)
    return CacheDecorator(size)


def _cache(run, args: list, kwargs: dict) -> CachedFunction:
    if len(args) != 1 or kwargs or type(args[0]) not in (UFunc, Bound, PartialObj):
        raise Bail
    return CachedFunction(args[0], None)


def _bail():
    raise Bail


LIBRARY = {"functools.lru_cache": _lru_cache, "functools.cache": _cache}
