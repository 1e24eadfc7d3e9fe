"""`dataclasses.field(...)` with metadata, and the `__init__` dataclasses generate, in a script run
(script_classes.py; issue 13).

An attrs-like helper written over dataclasses (`attr(converter=..., validator=...)` storing them in
`field(default=..., metadata=...)`, then a class decorator that wraps the generated `__init__` and
runs each field's converter and validator read from `dataclasses.fields(self)`) is read as Python
runs it: `field(default=dataclasses.MISSING)` is a field without a default, `f.metadata.get(key)`
reads the mapping given (a read-only view, as dataclasses wraps it), and `cls.__init__` of a dataclass is
the generated one: it binds the fields (keyword-only ones by name), stores them past a frozen
class's `__setattr__`, then calls `__post_init__`. A class whose `__init__` the program replaced
afterwards (`cls.__init__ = __init__`) is made by calling that one.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import FieldDefault, Lib, RunCallable, UClass, UObj


class FieldSpec:
    """`field(...)` in a class body: its default (or factory), or none, and its metadata."""

    __slots__ = ("default", "factory", "given", "init", "metadata")

    def __init__(self, default: object, factory: object, given: bool, metadata: dict, init: bool = True) -> None:
        self.default, self.factory, self.given, self.metadata = default, factory, given, metadata
        self.init = init  # False: not a parameter of `__init__`, which stores only its default, if any

    def default_pair(self) -> tuple | None:
        if not self.given:
            return None
        return (self.default, False) if self.factory is None else (self.factory, True)


def _missing(value: object) -> bool:
    return type(value) is Lib and value.name == "dataclasses.MISSING"


def missing_identity(left: object, right: object) -> bool | None:
    """`f.default is dataclasses.MISSING`: the sentinel is one object, and no value the program
    made (plain data, its functions, classes and instances) is it; None where unknown."""
    from codemods.analysis.host_exprs import LambdaValue, plain_tree
    from codemods.analysis.script_values import Bound, UFunc, UObj

    if not (_missing(left) or _missing(right)):
        return None
    other = right if _missing(left) else left
    if _missing(other):
        return True
    return False if plain_tree(other) or type(other) in (UFunc, UClass, UObj, Bound, LambdaValue) else None


def make_field(run, args: list, kwargs: dict) -> object:
    if args or not set(kwargs) <= {"default", "default_factory", "metadata", "init"}:
        raise Bail
    default, factory = kwargs.get("default", Lib("dataclasses.MISSING")), kwargs.get("default_factory")
    metadata, init = kwargs.get("metadata"), kwargs.get("init", True)
    if not _missing(default) and factory is not None or type(init) is not bool:
        raise Bail  # (dataclasses raise a ValueError; an `init` flag the run cannot read)
    if metadata is None and init and (not _missing(default) or factory is not None):
        return FieldDefault(None if _missing(default) else default, factory)  # (as before: script_jax.py)
    if metadata is not None and (type(metadata) is not dict or not all(type(k) is str for k in metadata)):
        raise Bail
    return FieldSpec(None if _missing(default) else default, factory, not _missing(default) or factory is not None,
                     dict(metadata or {}), init)


def no_init(cls: UClass, own: list) -> frozenset:
    """The fields of a dataclass its `__init__` does not take (`field(init=False)`): a field the
    class declares again is as its own declaration says, the others as the base's decoration took
    them."""
    inherited = cls.base.no_init if cls.base is not None else frozenset()
    declared = {name for name in own if (found := cls.lookup(name)) is not None and type(found[1]) is FieldSpec
                and not found[1].init}
    return frozenset(name for name in cls.fields if name in declared or name not in own and name in inherited)


def check_stored(cls: UClass, obj: UObj) -> None:
    """After `__init__` and `__post_init__`: a field of `init=False` without a default that
    neither stored is missing from the instance (reading it raises AttributeError, and `asdict`,
    `==` and `repr` with it): not modelled."""
    if any(name not in obj.attrs for name in cls.no_init):
        raise Bail


def metadata_of(cls: UClass, name: str) -> dict:
    found = cls.lookup(name)
    return found[1].metadata if found is not None and type(found[1]) is FieldSpec else {}


class GeneratedInit(RunCallable):
    """`cls.__init__` of a dataclass: the one dataclasses wrote, called with the object first."""

    __slots__ = ("cls",)

    def __init__(self, cls: UClass) -> None:
        self.cls = cls

    def __call__(self, run, args: list, kwargs: dict) -> object:
        from codemods.analysis.script_classes import init_fields

        if not args or type(args[0]) is not UObj or not args[0].cls.derives(self.cls):
            raise Bail
        init_fields(run, self.cls, args[0], args[1:], kwargs)
        return None


LIBRARY = {"dataclasses.field": make_field}
