"""Metaclasses of the module in a script run (script_classes.py; issue 13): a Django-like
`ModelBase(abc.ABCMeta)` whose `__new__(mcls, name, bases, attrs)` pops the inner `class Meta:`,
calls `super().__new__(mcls, name, bases, attrs)`, collects the declared fields down
`cls.__mro__`, builds `cls._meta` and registers the class by label.

A class statement whose class has a metaclass M (its `metaclass=` keyword, or its base's) runs as
Python runs it: the body fills a namespace (`__module__`, `__qualname__`, the docstring, then its
names), then `M(name, bases, namespace)`: M's `__new__` (or `type.__new__`), then M's `__init__`
when the result is the class; the statement's other keywords go to both (`class Log(Base,
key="log")`). The namespace holds `__annotations__` (after `__qualname__`) when the body
annotates a name, as CPython 3.11-3.13 fill it (from 3.14 on the namespace holds
`__annotate__` instead, PEP 649/749: a class statement that annotates a name stops the run
there). `type.__new__(mcls, name, bases, ns, **kw)` makes the class of the statement being
run from a copy of ns: `__set_name__` hooks, then the bases' `__init_subclass__(**kw)`; ABCMeta
counts the abstract methods after both, so a method a hook sets makes the class concrete.
Attribute reads on such a class fall back to M's namespace (methods bound to the class),
except where the class's own chain, down to `object`, has the name; `C.__class__` is M.

A metaclass derives from `type` or `abc.ABCMeta` (whose other behaviour, `register` and
`__subclasshook__`, the run does not model) through one chain of the module's classes; one that
defines a dunder other than `__new__`/`__init__`/`__call__` (`__prepare__`, `__getitem__`,
`__instancecheck__`, ...) stops the run, as does any other call of `type.__new__`. Calling a
class whose metaclass defines `__call__` (a singleton or registry metaclass) runs that method
with the class first; its `super().__call__(*args)` is type's: the class made as usual.
"""
from __future__ import annotations

import abc
import ast
import sys

from codemods import jaxapi
from codemods.analysis.abc_bases import Register, abc_dataclass, abc_meta, abc_only
from codemods.analysis.class_descriptors import called_class, set_names
from codemods.analysis.class_dirs import plain_members
from codemods.analysis.script_class_hooks import own_annotations
from codemods.analysis.host_exprs import LambdaValue, Raised
from codemods.analysis.host_objects import Bail, Special
from codemods.analysis.script_values import Bound, Lib, Opaque, RunCallable, UClass, UFunc, UObj

_ALLOWED = frozenset({"__new__", "__init__", "__call__", "__module__", "__qualname__", "__doc__"})
_TYPE_NAMES = frozenset(dir(abc.ABCMeta)) | frozenset(dir(type))


def meta_root(value: object) -> str | None:
    """"type" or "abc" for a base that makes a metaclass (`type`, `abc.ABCMeta`), else None."""
    if type(value) is Special and value.name == "builtins.type":
        return "type"
    if type(value) is Lib and jaxapi.canonical(value.name) == "abc.ABCMeta":
        return "abc"
    return None


def check_meta(cls: UClass) -> None:
    """A metaclass whose namespace the run models (see the module docstring)."""
    for name in cls.attrs:
        if name.startswith("__") and name.endswith("__") and name not in _ALLOWED:
            raise Bail


def abc_rooted(meta: UClass) -> bool:
    while meta.base is not None:
        meta = meta.base
    return meta.meta_root == "abc"


def metaclass_of(run, node: ast.ClassDef, env, base: UClass | None) -> UClass | None:
    """The class statement's metaclass when it is one of the module's, else None."""
    explicit = None
    for keyword in node.keywords:
        if keyword.arg == "metaclass":
            explicit = abc_meta(run, run.eval(keyword.value, env))  # (Python's ABCMeta: abc_bases.py)
            if type(explicit) is not UClass or explicit.kind != "meta":
                raise Bail
    inherited = base.meta if base is not None else None
    if explicit is None or inherited is None:
        return explicit or inherited
    if explicit.derives(inherited):
        return explicit
    if inherited.derives(explicit):
        return inherited
    raise Bail  # (a metaclass conflict: TypeError)


def _meta_lookup(meta: UClass, name: str):
    return meta.lookup(name)


def create(run, cls: UClass, node: ast.ClassDef, env, meta: UClass, keywords: dict) -> UClass:
    """`meta(name, bases, namespace, **keywords)` for the class statement whose body filled
    cls.attrs (keywords: the statement's own but `metaclass=`, script_class_hooks.class_keywords)."""
    if cls.kind == "dataclass" and cls.builtin is None and abc_only(meta) and not node.keywords:
        return abc_dataclass(run, cls)  # (`@dataclass` over an `abc.ABC` interface: abc_bases.py)
    if cls.kind != "plain" or cls.builtin is not None:
        raise Bail
    if abc_rooted(meta) and cls.lookup("__subclasshook__") is not None:
        raise Bail
    bases = (cls.base,) if cls.base is not None else ()
    namespace = {"__module__": "__main__", "__qualname__": node.name if env is run.module_env else Opaque()}
    if any(type(statement) is ast.AnnAssign for statement in node.body):  # (its body sets them up first)
        if sys.version_info >= (3, 14):
            raise Bail  # (PEP 649/749: the namespace holds `__annotate__`, not the hints, from 3.14 on)
        try:
            namespace["__annotations__"] = own_annotations(run, cls)  # (`ns["__annotations__"]`: the fields' hints)
        except Bail:
            namespace["__annotations__"] = Opaque()  # (hints the run cannot evaluate: unknown to whatever reads them)
    first = node.body[0] if node.body else None
    if type(first) is ast.Expr and type(first.value) is ast.Constant and type(first.value.value) is str:
        namespace["__doc__"] = first.value.value
    namespace.update(cls.attrs)
    # (the statement's keywords go to the metaclass's `__new__` and `__init__`)
    return _made_by_meta(run, meta, cls, [cls, node.name, bases, False], namespace, dict(keywords))


def dynamic(run, name: str, base: UClass, namespace: dict) -> UClass:
    """`type(name, (Base,), ns)` where Base's metaclass M is one of the module's: CPython's
    type_new finds M the most derived metaclass and hands the same arguments (ns itself, not a
    copy) to M's `__new__`; type_call then runs M's `__init__` (the result's type's tp_init) when
    the result is an instance of type. M's own metaclass `__call__` is not involved."""
    meta = base.meta
    node = ast.ClassDef(name=name, bases=[], keywords=[], body=[], decorator_list=[])
    cls = UClass(node, base, {}, "plain")
    bases = (base,)
    # (TypeNew: no class body filled `__module__`)
    return _made_by_meta(run, meta, cls, [cls, name, bases, False, "dynamic"], namespace, {})


def _made_by_meta(run, meta: UClass, cls: UClass, entry: list, namespace: dict, keywords: dict) -> UClass:
    """`cls` made by `meta`'s `__new__` (type's own when it has none) and then its `__init__`,
    with `entry` (cls, name, bases, filled, ...) pending while `__new__` runs."""
    name, bases = entry[1], entry[2]
    pending = run.__dict__.setdefault("pending_classes", [])
    pending.append(entry)
    try:
        found = _meta_lookup(meta, "__new__")
        if found is None:
            made = TypeNew()(run, [meta, name, bases, namespace], dict(keywords))
        elif type(found[1]) is UFunc:
            made = run.call(found[1], [meta, name, bases, namespace], dict(keywords))
        else:
            raise Bail
        if made is not cls or not pending[-1][3]:
            raise Bail  # (a metaclass handing back another object: not modelled)
    finally:
        pending.pop()
    init = _meta_lookup(meta, "__init__")
    if init is not None:
        if type(init[1]) is not UFunc or run.call(Bound(init[1], cls), [name, bases, namespace], dict(keywords)) is not None:
            raise Bail
    return cls


class TypeNew(RunCallable):
    """`type.__new__(mcls, name, bases, ns)`, reached by `super().__new__(...)` in a metaclass."""

    __slots__ = ()

    def __call__(self, run, args: list, kwargs: dict) -> UClass:
        pending = run.__dict__.get("pending_classes")
        if len(args) != 4 or not pending or pending[-1][3] or not all(type(key) is str for key in kwargs):
            raise Bail
        cls, name, bases = pending[-1][:3]
        made_by_call = len(pending[-1]) > 4  # (`type(name, bases, ns)`: type.__new__ adds `__module__`, `__qualname__`)
        mcls, given_name, given_bases, namespace = args
        if type(mcls) is not UClass or mcls.kind != "meta" or given_name != name or type(given_bases) is not tuple \
                or len(given_bases) != len(bases) or any(a is not b for a, b in zip(given_bases, bases)) \
                or type(namespace) is not dict or not all(type(key) is str for key in namespace):
            raise Bail
        if namespace.get("__module__", "__main__" if made_by_call else None) != "__main__" \
                or ("__qualname__" in namespace) is made_by_call or namespace.get("__doc__") != _doc(cls.node):
            raise Bail
        if cls.base is not None and cls.base.meta is not None and not mcls.derives(cls.base.meta):
            raise Bail  # (a metaclass conflict: TypeError)
        pending[-1][3] = True
        cls.attrs = {key: value for key, value in namespace.items() if key not in ("__module__", "__qualname__", "__doc__")}
        if made_by_call:
            called_class(run, cls, namespace)  # (what `vars(cls)` holds: class_descriptors.py)
        cls.meta = mcls
        set_names(run, cls)
        _init_subclass(run, cls, kwargs)  # (the statement's keywords: `class Adam(Optimizer, key="adam")`)
        if abc_rooted(mcls):  # (ABCMeta.__new__ counts them once type.__new__ ran the hooks, which may fill them)
            cls.attrs["__abstractmethods__"] = _abstracts(run, cls)
        return cls


def abstract_method(run, args: list, kwargs: dict) -> UFunc:
    """`@abc.abstractmethod`: the function, marked."""
    from codemods.analysis.script_functions import function_dict

    if len(args) != 1 or kwargs or type(args[0]) is not UFunc:
        raise Bail
    function_dict(run, args[0])["__isabstractmethod__"] = True
    return args[0]


def _is_abstract(run, value: object) -> bool:
    from codemods.analysis.script_classes import Desc
    from codemods.analysis.script_functions import function_dict

    if type(value) is Desc:
        return any(_is_abstract(run, func) for func in (value.func, value.setter) if func is not None)
    if type(value) in (UFunc, LambdaValue):  # (a lambda has a `__dict__` too, empty unless set)
        return function_dict(run, value).get("__isabstractmethod__", False) is True
    if type(value).__name__ == "UObj" and not any(value.cls.lookup(name) for name in ("__isabstractmethod__", "__getattr__",
                                                                                    "__getattribute__")):
        return value.attrs.get("__isabstractmethod__", False) is True if not value.attrs.get("__isabstractmethod__") \
            or value.attrs["__isabstractmethod__"] is True else _bail()
    if type(value).__name__ in ("UObj", "PartialObj", "Bound", "Wraps"):
        raise Bail  # (an object whose `__isabstractmethod__` is not followed)
    return False


def _abstracts(run, cls: UClass) -> frozenset:
    """ABCMeta's `__abstractmethods__`: the class's own abstract members, and its bases' still
    abstract here."""
    names = {name for name, value in cls.attrs.items() if _is_abstract(run, value)}
    inherited = cls.base.lookup("__abstractmethods__") if cls.base is not None else None
    for name in inherited[1] if inherited is not None else ():
        found = cls.lookup(name)
        if found is not None and _is_abstract(run, found[1]):
            names.add(name)
    return frozenset(names)


def abstract_instance(cls: UClass) -> None:
    """`C(...)` of a class with abstract methods left: TypeError (object.__new__)."""
    found = cls.lookup("__abstractmethods__") if cls.meta is not None else None
    if found is not None and found[1]:
        raise Raised(TypeError(f"Can't instantiate abstract class {cls.node.name}"))


def _abstract_descriptor(kind: str):
    """`@abc.abstractproperty` (classmethod, staticmethod): the descriptor over the marked function."""
    def made(run, args: list, kwargs: dict) -> object:
        from codemods.analysis.script_classes import Desc

        return Desc(kind, abstract_method(run, args, kwargs))
    return made


LIBRARY = {"abc.abstractmethod": abstract_method, "abc.abstractproperty": _abstract_descriptor("property"),
           "abc.abstractclassmethod": _abstract_descriptor("class"),
           "abc.abstractstaticmethod": _abstract_descriptor("static")}


def _doc(node: ast.ClassDef) -> str | None:
    first = node.body[0] if node.body else None
    if type(first) is ast.Expr and type(first.value) is ast.Constant and type(first.value.value) is str:
        return first.value.value
    return None


def _init_subclass(run, cls: UClass, keywords: dict | None = None) -> None:
    found = cls.base.lookup("__init_subclass__") if cls.base is not None else None
    if found is None:
        if keywords:
            raise Bail  # (object.__init_subclass__ takes no keywords: TypeError)
        return
    hook = found[1]
    if type(hook).__name__ != "Desc" or hook.kind != "class":
        raise Bail
    if run.call(Bound(hook.func, cls), [], dict(keywords or {})) is not None:
        raise Bail


def meta_super(run, sup, name: str) -> object:
    """`super().__new__` / `super().__init__` in a metaclass whose chain of the module's classes
    ends: type's own; None for anything else."""
    owner = run.frames[-1][0].owner if run.frames else None
    if owner is None or owner.kind != "meta":
        return None
    if type(sup.obj) is UClass and sup.obj.kind == "meta" and name == "__new__":
        return TypeNew()
    if type(sup.obj) is UClass and sup.obj.meta is not None and name == "__init__":
        return TypeInit()  # (`super().__init__(name, bases, ns)` in a metaclass's __init__)
    if type(sup.obj) is UClass and sup.obj.meta is not None and name == "__call__":
        return TypeCall(sup.obj)  # (`super().__call__(*args)` in a metaclass's __call__)
    return None


def meta_super_call(sup) -> object:
    """`super().__call__` in a metaclass's `__call__` (sup's object the class being called): the
    next metaclass's `__call__` bound to the class, else type's; NotImplemented for another super."""
    if sup.owner is None or sup.owner.kind != "meta" or type(sup.obj) is not UClass or sup.obj.meta is None \
            or not sup.obj.meta.derives(sup.owner):
        return NotImplemented
    found = sup.start.lookup("__call__") if sup.start is not None else None
    if found is None:
        return TypeCall(sup.obj)
    if type(found[1]) is not UFunc:
        raise Bail
    return Bound(found[1], sup.obj)


def meta_call(run, cls: UClass, args: list, kwargs: dict) -> object:
    """`C(*args)` where C's metaclass defines `__call__`; NotImplemented when it has none."""
    found = cls.meta.lookup("__call__") if cls.meta is not None else None
    if found is None:
        return NotImplemented
    if type(found[1]) is not UFunc:
        raise Bail
    return run.call(Bound(found[1], cls), args, kwargs)


class TypeCall(RunCallable):
    """`type.__call__(cls, *args)` bound to a class: the instance made as calling a plain class makes it."""

    __slots__ = ("cls",)

    def __init__(self, cls: UClass) -> None:
        self.cls = cls

    def __call__(self, run, args: list, kwargs: dict) -> object:
        from codemods.analysis.class_descriptors import instantiable
        from codemods.analysis.script_classes import construct

        instantiable(self.cls)
        return construct(run, self.cls, args, kwargs)


class TypeInit(RunCallable):
    """`type.__init__(cls, name, bases, ns)`: nothing."""

    __slots__ = ()

    def __call__(self, run, args: list, kwargs: dict) -> None:
        if kwargs or len(args) not in (1, 3):
            raise Bail
        return None


def meta_attribute(run, cls: UClass, name: str) -> object:
    """`C.name` on a class whose metaclass is the module's, when C's chain has no such name: the
    metaclass's member (a method bound to C); NotImplemented when C's own lookup decides."""
    from codemods.analysis.script_classes import Desc

    meta = cls.meta
    found = meta.lookup(name)
    own = cls.lookup(name)
    if found is not None and type(found[1]) is Desc and found[1].kind == "property":
        if type(found[1].func) is not UFunc:
            raise Bail
        return run.call(found[1].func, [cls], {})  # (a data descriptor of the metaclass wins over the class's own attribute)
    if found is not None and type(found[1]) is UObj:
        getter = found[1].cls.lookup("__get__")
        if getter is None or type(getter[1]) is not UFunc \
                or found[1].cls.lookup("__set__") is None and found[1].cls.lookup("__delete__") is None:
            raise Bail  # (a non-data descriptor or plain object of the metaclass: the class's own attribute first, not modelled)
        return run.call(Bound(getter[1], found[1]), [cls, meta], {})  # (`__get__(C, type(C))`, as for a property)
    if name == "__class__":
        return meta  # (object's `__class__`, a data descriptor, read on the class: its type; check_meta allows no other)
    if own is not None or name in ("__name__", "__mro__", "__dict__") or name in plain_members():
        return NotImplemented  # (the class's own chain, down to `object`, wins over the metaclass's non-data members)
    if found is None:
        if name == "register" and abc_rooted(meta):
            return Register(cls)  # (a virtual subclass: abc_bases.py)
        if name in _TYPE_NAMES:
            raise Bail
        return NotImplemented
    value = found[1]
    if type(value) is UFunc and name != "__new__":
        return Bound(value, cls)
    if type(value) is Desc:
        if value.kind == "static":
            return value.func
        if value.kind == "class":
            return Bound(value.func, meta)
        raise Bail
    if type(value) in (int, float, str, bool, tuple, dict, list, type(None), UClass):
        return value
    raise Bail


def _bail():
    raise Bail
