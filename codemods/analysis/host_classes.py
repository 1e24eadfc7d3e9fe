"""Objects of plain module classes made inside a host run (host_runs.py), and the library objects
config code hands around (issue 13).

Hand-written config layers (an OmegaConf-like `DictConfig` whose `__getattr__` resolves
`${a.b}` on access, `instantiate(node)` building `_target_` classes or `functools.partial`s of
`jax.lax.pmean` found through `importlib` or `globals()`) are plain classes and library calls:
the run models them as Python executes them.
- `C(...)` of a module class with no base, decorator, metaclass, slots or hook of construction
  or storing runs its `__init__` on a fresh object (`HostObj`); `object.__setattr__(self, k, v)`
  and `self.k = v` store into it; reading `obj.k` looks in the object, then the class body
  (methods bound, properties run), then `__getattr__`, as Python does; `obj[k]`, `k in obj` and
  `obj(...)` run `__getitem__`, `__contains__` and `__call__` (absent: the real TypeError).
- An imported name (`jax.lax.pmean`, a module from `importlib.import_module`) is held as a
  `JaxRef`: it may be stored, passed and read from, never called or tested.
- `functools.partial(f, ...)` is a `PartialObj`; `globals()` a read-only view of the module.
Objects the run made convert back to the analysis's values: an object of a class without
special methods as an `Instance` of its fields, a `PartialObj` as a `Partial`.
"""
from __future__ import annotations

import ast

from codemods.analysis.host_objects import Bail

# Construction or storing hooks the run does not model: such a class is not run.
_UNMODELLED = frozenset({"__new__", "__init_subclass__", "__setattr__", "__delattr__", "__getattribute__",
                         "__slots__", "__class_getitem__", "__set_name__", "__del__", "__get__", "__set__",
                         "__eq__", "__hash__", "__bool__", "__len__", "__iter__", "__enter__", "__str__",
                         "__repr__", "__format__", "__post_init__"})
# Special methods a run calls itself (on syntax it models); an object of a class with any of
# them does not convert to a plain Instance (the analysis would read its attributes directly).
_DUNDERS = frozenset({"__getattr__", "__getitem__", "__contains__"})  # (`__call__` the interpreter runs itself)


class HostObj:
    """An object of a plain module class made in a run: its class and its instance dict."""

    __slots__ = ("attrs", "cls")

    def __init__(self, cls: ast.ClassDef) -> None:
        self.cls, self.attrs = cls, {}


class JaxRef:
    """An imported object held by canonical name (never called or tested inside the run)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name


class PartialObj:
    """`functools.partial(func, *args, **kwargs)` made in a run."""

    __slots__ = ("args", "func", "kwargs")

    def __init__(self, func: object, args: tuple, kwargs: dict) -> None:
        self.func, self.args, self.kwargs = func, args, kwargs


class GlobalsView:
    """What `globals()` gives, read by subscript only."""

    __slots__ = ()


def plain_class(interp, cls: ast.ClassDef) -> bool:
    """A module class whose objects a run can make and read as Python does."""
    cache = interp.__dict__.setdefault("_host_plain_classes", {})
    if id(cls) not in cache:
        scope = interp.scope
        names = [getattr(member, "name", None) for member in cls.body] + [
            target.id for member in cls.body if type(member) in (ast.Assign, ast.AnnAssign)
            for target in (member.targets if type(member) is ast.Assign else [member.target]) if type(target) is ast.Name]
        cache[id(cls)] = cls in scope.tree.body and not cls.bases and not cls.keywords and not cls.decorator_list \
            and not scope.subclassed(cls) and not _UNMODELLED & set(names) \
            and sum(1 for node in scope.tree.body if type(node) is ast.ClassDef and node.name == cls.name) == 1
    return cache[id(cls)]


def members(cls: ast.ClassDef, name: str) -> list[ast.stmt]:
    return [member for member in cls.body if getattr(member, "name", None) == name
            or type(member) is ast.Assign and any(type(t) is ast.Name and t.id == name for t in member.targets)
            or type(member) is ast.AnnAssign and type(member.target) is ast.Name and member.target.id == name]


def special_method(cls: ast.ClassDef, name: str) -> ast.FunctionDef | None:
    found = members(cls, name)
    if not found:
        return None
    if len(found) != 1 or type(found[0]) is not ast.FunctionDef or found[0].decorator_list:
        raise Bail
    return found[0]


def has_dunders(cls: ast.ClassDef) -> bool:
    return any(getattr(member, "name", None) in _DUNDERS for member in cls.body)


HELD = (HostObj, JaxRef, PartialObj, GlobalsView)
