"""`dir(SomeClass)` in a script run (script_run.py; issue 13), and the members every class gets
from `object` and `type`.

A framework base class finds its declared options by walking the class: `for key in
dir(type(self)): value = getattr(type(self), key); if isinstance(value, Parameter): ...` (a
Metaflow-style FlowSpec, a Django-style form). `dir` of a class lists, sorted, the names of the
class's namespace and its bases', down to `object`: the module's own names are held
(UClass.attrs); the rest are what this Python gives every plain class (read from a class it
compiles, so they are this interpreter's own list, `__getstate__` in 3.11, `__firstlineno__`
in 3.13).

Such an inherited member (`__init__`, `__class__`, `__weakref__`, ...) is a builtin object: a
slot wrapper, a builtin method, `type`, a descriptor, a mappingproxy, or the docstring. Its value
is not held (ClassSlot: unknown to everything), except for what is certain of any of them: it is
not an instance of a module class (none of those types derive from one; a metaclass stops the run
in make_class). Classes whose namespace Python builds differently stop the run: dataclasses,
enums, NamedTuples (their generated members), `__slots__` (no `__dict__`), subclasses of dict or
list (their methods). A class whose body annotates a name lists `__annotations__` (its namespace
holds it from the start); another one lists it once it was read (reading it adds an empty dict,
since 3.10: script_class_hooks.own_annotations).
"""
from __future__ import annotations

import ast

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import ClassSlot, UClass

# Dunders a class (or `object`, or `type`) has in some CPython from 3.11 on and not in another, or
# whose read raises or not by version (`__firstlineno__` in a class's namespace since 3.13,
# `__annotate__` since 3.14): the only ones whose presence this Python does not tell. Any other
# dunder a plain class lacks here it lacks on every supported Python.
VERSIONED_DUNDERS = frozenset({"__type_params__", "__static_attributes__", "__firstlineno__", "__annotate__",
                               "__annotate_func__", "__annotations__", "__annotations_cache__", "__getstate__"})
_PLAIN: frozenset[str] | None = None
_CLASS: type | None = None
NOT_HELD = object()


def _plain_class() -> type:
    """`class C: pass` on this Python (made once)."""
    global _CLASS
    if _CLASS is None:
        space: dict = {}
        exec(compile("class C:\n    pass\n", "<class_dirs>", "exec"), space)  # noqa: S102 (a fixed statement)
        _CLASS = space["C"]
    return _CLASS


def plain_members() -> frozenset[str]:
    """The names `dir` lists for `class C: pass` on this Python."""
    global _PLAIN
    if _PLAIN is None:
        _PLAIN = frozenset(dir(_plain_class()))
    return _PLAIN


def _chain(cls: UClass) -> list[UClass]:
    chain = []
    for cls in cls.order:
        if cls.kind != "plain" or cls.builtin is not None or "__slots__" in cls.attrs or any(
                name.startswith("__") and not name.endswith("__") for name in cls.attrs):
            raise Bail  # (a private name, which Python mangles)
        chain.append(cls)
    return chain


def _annotated(cls: UClass) -> bool:
    """Whether the class body annotates a name: its namespace then holds `__annotations__` from
    the start (CPython 3.11-3.13)."""
    return any(type(statement) is ast.AnnAssign for statement in cls.node.body)


def class_dir(run, args: list, kwargs: dict) -> list:
    """`dir(C)` of a module class: sorted, as `type.__dir__` gives it."""
    from codemods.analysis.own_module import namespace_of
    from codemods.analysis.typing_forms import generic_class

    if len(args) == 1 and not kwargs and (names := namespace_of(args[0], listed=True)) is not NotImplemented:
        return names  # (`dir(sys.modules[__name__])`: own_module.py)
    if len(args) != 1 or kwargs or type(args[0]) is not UClass:
        raise Bail  # (`dir()` of the scope, of an instance, of a library object: not modelled)
    if generic_class(run, args[0]):
        raise Bail  # (`Generic[T]`'s members, `__orig_bases__`, `__parameters__`: not held)
    names = set(plain_members())
    for cls in _chain(args[0]):
        names.update(cls.attrs)
        if _annotated(cls):
            names.add("__annotations__")
    return sorted(names)


def inherited_member(cls: UClass, name: str) -> object:
    """`getattr(C, name)` of a member no class of the module defines, which every plain class
    has; NOT_HELD where that is not so (the caller decides)."""
    if name not in plain_members():
        return NOT_HELD
    try:
        chain = _chain(cls)
    except Bail:
        return NOT_HELD
    if name == "__doc__":
        return ClassSlot(name) if _docstring(cls) else None  # (the docstring's text: cleaned since 3.13)
    if name == "__hash__" and any("__eq__" in c.attrs for c in chain):
        return NOT_HELD  # (`__hash__ = None`, which type() sets beside an `__eq__`)
    return ClassSlot(name)


def _docstring(cls: UClass) -> bool:
    first = cls.node.body[0] if cls.node.body else None
    return type(first) is ast.Expr and type(first.value) is ast.Constant and type(first.value.value) is str


def slot_attribute(slot: ClassSlot, name: str) -> object:
    """`getattr(C.__init__, "_marks", None)`: an attribute of an inherited member, which this
    Python's own plain class shows it lacks (AttributeError); one it has is not modelled."""
    from codemods.analysis.host_exprs import Raised

    real = getattr(_plain_class(), slot.name, None)
    if hasattr(real, name) or slot.name == "__doc__" and hasattr("", name):
        raise Bail
    raise Raised(AttributeError(name))


def missing_dunder(cls: UClass, name: str) -> bool:
    """An instance of `cls` certainly lacks the dunder `name` no class of the module defines
    (`hasattr(self, "__attrs_post_init__")`): the chain is plain (no `__getattr__`, no
    `__getattribute__`) and no plain class has it on any supported Python."""
    if name in VERSIONED_DUNDERS or name in plain_members() or not closed_chain(cls):
        return False
    try:
        chain = _chain(cls)
    except Bail:
        return False
    return not any(hook in klass.attrs for klass in chain for hook in ("__getattr__", "__getattribute__"))


def closed_chain(cls: UClass) -> bool:
    """Every class statement down the chain names at most one base, the chain's next module
    class: no base the run dropped or replaced (`Generic[T]`, which gives the class
    `__orig_bases__` and `__parameters__`; several bases)."""
    return all(len(klass.node.bases) == (1 if klass.base is not None else 0) for klass in cls.order) \
        and cls.order[-1].base is None
