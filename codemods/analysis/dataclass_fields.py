"""Keyword-only dataclass fields and `functools.cached_property` in a script run (script_classes.py;
issue 13).

`_: KW_ONLY` in a dataclass body (or `@dataclass(kw_only=True)`) makes the fields after it
keyword-only: `__init__` takes the other fields positionally, in order (a base's first), and these
by name only; a class pattern's positional arguments (`__match_args__`) skip them; and the
"non-default argument follows default argument" check of dataclasses applies to the positional
fields only (a class that breaks it raises TypeError where it is defined, as Python does).

A `cached_property` is a non-data descriptor: the first read of it on an instance runs the method
and stores the result in the instance's `__dict__` (even on a frozen dataclass, which it writes
past `__setattr__`); later reads find it there. Read on the class, or on an instance without a
`__dict__` (a NamedTuple), it is not modelled.
"""
from __future__ import annotations

import ast

from codemods.analysis import class_hints
from codemods.analysis.host_exprs import Raised, plain_tree
from codemods.analysis.field_specs import no_init
from codemods.analysis.hint_kinds import CLASSVAR, INITVAR, hint_kind, kept_kind
from codemods.analysis.host_objects import Bail
from codemods.analysis.object_orderings import add_field_orders
from codemods.analysis.dataclass_namespaces import note_conversion
from codemods.analysis.script_values import Lib, RunCallable, UClass, UObj

KW_ONLY = "dataclasses.KW_ONLY"
CACHED = "functools.cached_property"


def is_marker(run, statement: ast.AnnAssign, env) -> bool:
    """`_: KW_ONLY` (or `dataclasses.KW_ONLY`) in a dataclass body."""
    text = ast.unparse(statement.annotation).strip("'\"")
    if text != "KW_ONLY" and not text.endswith(".KW_ONLY"):
        return False
    found = run.eval(ast.parse(text, mode="eval").body, env)
    if type(found) is not Lib or found.name != KW_ONLY:
        raise Bail
    if statement.value is not None:
        raise Bail
    return True


def finish_dataclass(cls: UClass, frozen: bool, annotated: list, keyword_only: int | None, order: bool = False) -> None:
    """What `@dataclass` makes of a class: its fields (a base's first), which are keyword-only
    (those from index `keyword_only` of its own on), frozen or not, and the checks dataclasses
    make where the class is defined."""
    from codemods.analysis.script_classes import _field_default

    base = cls.base
    inherited = list(base.fields) if base is not None else []
    cls.fields = inherited + [name for name in annotated if name not in inherited]
    cls.no_init = no_init(cls, annotated)  # (`field(init=False)`: field_specs.py)
    if keyword_only is not None:
        cls.keyword_only = cls.keyword_only | frozenset(annotated[keyword_only:])
    cls.frozen = frozen or base is not None and base.frozen
    if base is not None and base.frozen != cls.frozen and any(klass.kind == "dataclass" for klass in cls.order[1:]):
        raise Bail  # dataclasses reject mixing frozen and non-frozen (a plain base, an `abc.ABC`: no check)
    init_vars = [name for name in annotated if name in cls.annotations and _init_var(cls.annotations[name][0])]
    base_params = (base.params or base.fields) if base is not None else []
    if init_vars or base is not None and base.params is not None:
        if set(init_vars) & set(inherited) or set(annotated) & set(base_params) - set(inherited):
            raise Bail  # (a field declared again as an InitVar, or the other way round)
        cls.fields = [name for name in cls.fields if name not in init_vars]
        cls.params = base_params + [name for name in annotated if name not in base_params]
    # The generated `__init__` keeps each default as it is now: a field of its own is read through
    # the class now, an inherited one is the base's field as the base's decoration took it; a
    # class attribute set later changes neither (found by adversarial15).
    inherited_defaults = base.defaults if base is not None else {}
    cls.defaults = {name: inherited_defaults.get(name) if name in base_params and name not in annotated
                    else _field_default(cls, name) for name in cls.params or cls.fields}
    if any(cls.defaults[name] is not None and cls.defaults[name][1] for name in init_vars):
        raise Bail  # (dataclasses raise a TypeError: an InitVar cannot have a default factory)
    for name in cls.fields:
        default = cls.defaults[name]
        if default is not None and not default[1] and _refused(default[0]):  # (a default_factory is not checked)
            raise Raised(ValueError(f"mutable default {type(default[0])} for field {name} is not allowed: use default_factory"))
    check_order(cls)
    if order:
        add_field_orders(cls)  # (object_orderings.py)
    cls.kind = "dataclass"


def _refused(default: object) -> bool:
    """CPython 3.11's test of a field default: refused when its class's `__hash__` is None (a
    list, dict or set, an instance of a non-frozen dataclass, of a class defining `__eq__` only or
    setting `__hash__ = None`, of a dict or list subclass). A default the run cannot place stops it."""
    from codemods.analysis.script_flags import FlagMember
    from codemods.analysis.script_values import (Bound, JitFn, Member, MeshObj, NTup, PartialObj, ShardObj, SpecObj,
                                                 StrMember, UFunc)

    if type(default) in (list, dict, set, bytearray):
        raise Bail  # (refused: the program raises; kept a stop as before, the class is half made)
    if type(default) in (str, int, float, bool, complex, bytes, type(None), tuple, frozenset, range, NTup, StrMember,
                         Member, FlagMember, Lib, UFunc, UClass, Bound, PartialObj, JitFn, SpecObj, MeshObj, ShardObj) \
            or isinstance(default, RunCallable):
        return False  # (their classes keep a `__hash__`: functions, classes, dtypes, specs, meshes, Enum and Flag members)
    if type(default) is not UObj:
        raise Bail  # (a Counter, a SimpleNamespace, a library object: which `__hash__` it has is not modelled)
    for cls in default.cls.order:
        if cls.kind not in ("plain", "dataclass") or cls.meta is not None:
            raise Bail
        if "__hash__" in cls.attrs:
            return cls.attrs["__hash__"] is None
        if cls.kind == "dataclass":
            return not cls.frozen  # (eq: `__hash__` set None, or made for a frozen one)
        if "__eq__" in cls.attrs:
            return True  # (type.__new__ sets `__hash__` None beside an own `__eq__`)
        if cls.builtin is not None:
            return True  # (dict's or list's `__hash__`, None)
    return False


class DataclassCall(RunCallable):
    """`dataclass(frozen=True)` called in a decorator factory of the program: applied to the
    class it is then called with, as the decorator would be."""

    __slots__ = ("options",)

    def __init__(self, options: dict) -> None:
        self.options = options

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if len(args) != 1 or kwargs or type(args[0]) is not UClass:
            raise Bail
        return convert(run, args[0], self.options)


def dataclass_call(run, args: list, kwargs: dict) -> object:
    if not set(kwargs) <= {"frozen", "eq", "repr", "order", "kw_only"} \
            or not all(type(flag) is bool for flag in kwargs.values()) or kwargs.get("eq") is False:
        raise Bail
    if not args:
        return DataclassCall(dict(kwargs))
    if len(args) != 1 or type(args[0]) is not UClass:
        raise Bail
    return convert(run, args[0], kwargs)


def convert(run, cls: UClass, options: dict) -> UClass:
    """`dataclass(cls)` of a class the module made plain: its own annotations become its fields,
    after its dataclass bases' (an Equinox-like `Module` whose `__init_subclass__` converts each
    subclass, and the subclasses of those). A plain base's annotations are not fields, as
    dataclasses reads only the bases that carry `__dataclass_fields__`."""
    if cls.kind != "plain" or cls.builtin is not None or any(
            base.kind not in ("plain", "dataclass") or base.kind == "plain" and base.fields or base.builtin is not None
            for base in cls.order[1:]):
        raise Bail
    class_hints.unchanged(run, cls)  # (dataclasses reads `__annotations__` as it is now: class_hints.py)
    own = _own_annotated(run, cls)
    annotated, keyword_only = [], 0 if options.get("kw_only") else None
    for name, (node, scope) in [(name, cls.annotations[name]) for name in own]:
        if _marks(run, node, scope):
            if keyword_only is not None and not options.get("kw_only"):
                raise Bail
            keyword_only = len(annotated)
            del cls.annotations[name]
            continue
        annotated.append(name)
    finish_dataclass(cls, bool(options.get("frozen")), annotated, keyword_only, bool(options.get("order")))
    note_conversion(run, cls, options)  # (what `vars(cls)` then holds: dataclass_namespaces.py)
    return cls


def field_table(run, cls: UClass) -> dict:
    """`cls.__dataclass_fields__`: name -> field, in order. One dict per class in a run, as the
    class holds one (a program that writes to it changes what it reads back later)."""
    from codemods.analysis.script_values import FieldName

    if cls.params is not None:
        raise Bail  # (`__dataclass_fields__` lists the InitVars too)
    tables = run.__dict__.setdefault("_dataclass_field_tables", {})
    if id(cls) not in tables:
        tables[id(cls)] = (cls, {name: FieldName(name, cls.annotations.get(name), cls) for name in cls.fields})
    return tables[id(cls)][1]


def _own_annotated(run, cls: UClass) -> list:
    """The names the class body itself annotated (not as ClassVar), in order: the base's are in
    `cls.annotations` too."""
    own = []
    for statement in cls.node.body:
        if class_hints.stored(statement) and statement.target.id in cls.annotations and statement.target.id not in own:
            kind = hint_kind(run.tree, statement.annotation) or kept_kind(statement.annotation)
            if kind is None:
                raise Bail  # (not certain what dataclasses makes of the hint: hint_kinds.py)
            if kind != CLASSVAR:
                own.append(statement.target.id)
    return own


def _marks(run, node: ast.expr, scope) -> bool:
    return is_marker(run, ast.AnnAssign(ast.Name("_", ast.Store()), node, None, 1), scope)


def positional(cls: UClass) -> list:
    """The parameters `__init__` takes by position: fields and InitVars in order, but keyword-only ones
    and `field(init=False)`."""
    return [name for name in cls.params or cls.fields if name not in cls.keyword_only and name not in cls.no_init]


def init_vars(cls: UClass) -> list:
    """The InitVar pseudo-fields of a dataclass, in order: `__init__` parameters, handed to
    `__post_init__` positionally after the object, never stored nor listed by `fields()`."""
    return [name for name in cls.params or () if name not in cls.fields]


def _init_var(annotation: ast.expr) -> bool:
    kind = kept_kind(annotation)  # (read when the class body was: hint_kinds.py)
    if kind is None:
        raise Bail
    return kind == INITVAR


def check_order(cls: UClass) -> None:
    """dataclasses' own check: a positional field without a default after one with a default."""
    defaulted = None
    for name in positional(cls):
        if cls.defaults.get(name) is not None:
            defaulted = name
        elif defaulted is not None:
            raise Raised(TypeError(f"non-default argument {name!r} follows default argument {defaulted!r}"))


def as_tuple(run, args: list, kwargs: dict) -> tuple:
    """`dataclasses.astuple(obj)`: the fields' values in order, dataclasses within made tuples too,
    and lists, tuples and dicts rebuilt around them (as `asdict` does, with tuples for records)."""
    if len(args) != 1 or kwargs or type(args[0]) is not UObj or args[0].cls.kind != "dataclass":
        raise Bail  # (TypeError for anything but a dataclass instance: not modelled)
    return _as_tuple(args[0], 0)


def _as_tuple(obj: object, depth: int) -> object:
    if depth > 10:
        raise Bail
    if type(obj) is UObj and obj.cls.kind == "dataclass":
        return tuple(_as_tuple(obj.attrs[name], depth + 1) for name in obj.cls.fields)
    if type(obj) in (list, tuple):
        return type(obj)(_as_tuple(item, depth + 1) for item in obj)
    if type(obj) is dict:
        return {_as_tuple(key, depth + 1): _as_tuple(item, depth + 1) for key, item in obj.items()}
    if not plain_tree(obj):
        raise Bail  # (a namedtuple, another object: copied or rebuilt by its own type)
    return obj


LIBRARY = {"dataclasses.dataclass": dataclass_call, "dataclasses.astuple": as_tuple}
