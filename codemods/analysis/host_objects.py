"""The Python objects a host run (host_runs.py) works on, and how they map to the analysis's
values (issue 13).

A host run executes a module function on real Python objects, so every value it is given must
stand for exactly one object and every result must be one the analysis can hold:
- constants, dicts with str keys and records of plain dataclasses (`Record`) go both ways;
- a tuple the analysis holds may have been a list or a tuple in the program (it keeps no
  difference): it enters as a `Seq`, on which the run allows only what both would do alike
  (iterate, index, slice, `len`, `in`, `tuple(...)`, ...); anything that could tell them apart
  (`isinstance`, `+`, `==`, a method other than `count`/`index`, printing) stops the run;
- module functions and classes enter as references the run may call.
Anything else (an array, a symbol, an unknown, an object of another class) is not converted,
and the run does not start.
"""
from __future__ import annotations

import ast
import builtins
from collections import OrderedDict
import json
import math

from codemods.analysis.hint_kinds import FIELD, hint_kind
from codemods.analysis.set_methods import SET_METHODS
from codemods.analysis.calendar_dates import DATE_METHODS
from codemods.analysis.exact_numbers import NUMBER_METHODS

from codemods.analysis.values import (
    ClassValue,
    Const,
    DictValue,
    Function,
    Instance,
    JaxName,
    TupleValue,
    Value,
)

MAX_ITEMS = 256
_PLAIN = (str, int, float, bool, type(None))


class Bail(BaseException):
    """The run met something it does not model: its result is not used. A BaseException, so no
    `except Exception` of the program being run catches it."""


class Seq(tuple):
    """A sequence the analysis held without knowing whether it was a list or a tuple."""


class Record:
    """An object of a plain dataclass of the module: its class and its fields, in order."""

    __slots__ = ("cls", "fields", "frozen")

    def __init__(self, cls: ast.ClassDef, fields: dict, frozen: bool) -> None:
        self.cls, self.fields, self.frozen = cls, fields, frozen

    def __eq__(self, other: object) -> bool:  # a dataclass's generated __eq__: same class, same fields
        return type(other) is Record and other.cls is self.cls and other.fields == self.fields

    __hash__ = None  # type: ignore[assignment]  (eq without frozen hashing is not modelled)


class ClassRef:
    __slots__ = ("cls",)

    def __init__(self, cls: ast.ClassDef) -> None:
        self.cls = cls


class FuncRef:
    __slots__ = ("bound", "node")

    def __init__(self, node: ast.FunctionDef, bound: tuple = ()) -> None:
        self.node, self.bound = node, bound


# Builtins a run may call: pure functions of their arguments (on the objects a run holds).
BUILTINS = {name: getattr(builtins, name)
            for name in ("int", "float", "str", "bool", "len", "tuple", "list", "dict", "set", "frozenset",
                         "sorted", "reversed", "enumerate", "zip", "range", "min", "max", "sum", "abs", "round",
                         "any", "all", "filter", "map", "isinstance", "ValueError", "KeyError", "IndexError",
                         "TypeError", "Exception", "divmod", "pow", "slice", "repr")}
EXCEPTIONS = frozenset({"ValueError", "KeyError", "IndexError", "TypeError", "Exception"})
# Library functions a run may call by their canonical names (pure; JSON and literal parsers,
# math): the same text or numbers give the same object on every run.
_LIBRARY = {"json.loads": json.loads, "ast.literal_eval": ast.literal_eval,
            "math.sqrt": math.sqrt, "math.log": math.log, "math.exp": math.exp, "math.ceil": math.ceil,
            "math.floor": math.floor, "math.prod": math.prod, "math.pi": math.pi, "math.e": math.e, "math.tau": math.tau}
LIBRARY_SPECIAL = frozenset({"dataclasses.replace", "dataclasses.asdict", "dataclasses.fields", "builtins.getattr", "builtins.hasattr",
                             "builtins.type", "builtins.print", "builtins.globals", "builtins.object", "functools.partial",
                             "functools.wraps", "importlib.import_module", "re.compile"})
# Methods of str, dict and list a run may call (none runs user code; the mutators change only
# objects of the run, which is checked at its end for the objects it was given).
METHODS = {
    str: frozenset({"split", "rsplit", "strip", "lstrip", "rstrip", "partition", "rpartition", "lower", "upper",
                    "startswith", "endswith", "replace", "join", "splitlines", "isdigit", "isnumeric", "isdecimal",
                    "isalpha", "isalnum", "isspace", "isidentifier", "find", "rfind", "count", "format", "removeprefix",
                    "removesuffix", "title", "casefold", "zfill", "index", "center", "ljust", "rjust", "capitalize",
                    "swapcase", "islower", "isupper", "istitle", "isascii", "isprintable", "rindex", "expandtabs",
                    "format_map", "encode"}),  # (encode: bytes for hashlib, config_digests.py)
    dict: frozenset({"get", "items", "keys", "values", "setdefault", "update", "pop", "copy"}),
    OrderedDict: frozenset({"get", "items", "keys", "values", "setdefault", "update", "pop", "copy", "move_to_end",
                            "popitem"}),  # (script runs)
    list: frozenset({"append", "extend", "insert", "pop", "remove", "index", "count", "copy", "reverse", "sort"}),
    tuple: frozenset({"index", "count"}),
    bytes: frozenset({"decode", "startswith", "endswith"}),  # (a file read back as bytes: temp_paths.py)
    float: frozenset({"is_integer", "as_integer_ratio"}),  # (`(n / known).is_integer()` filling a -1 size)
    int: frozenset({"bit_length", "bit_count", "as_integer_ratio"}),
    Seq: frozenset({"index", "count"}),
    **SET_METHODS,  # (set_methods.py)
    **DATE_METHODS,  # (calendar_dates.py)
    **NUMBER_METHODS,  # (exact_numbers.py)
}
STORING = frozenset({"append", "insert", "setdefault", "get"})  # they keep an object given, calling nothing of it


def to_python(interp, value: Value, depth: int = 0) -> object:
    """The object `value` stands for; Bail when it is not one object a run can hold."""
    if depth > 8:
        raise Bail
    if isinstance(value, Const):
        if isinstance(value.value, _PLAIN):
            return value.value
        if isinstance(value.value, tuple) and len(value.value) <= MAX_ITEMS:  # (a list or tuple: a Seq)
            return Seq(to_python(interp, Const(item), depth + 1) for item in value.value)
        raise Bail
    if isinstance(value, (TupleValue, DictValue)) and (kept := interp.__dict__.get("_host_records", {}).get(id(value))) is not None \
            and kept[0] is value:
        return _copy(kept[1])  # a run's own result: its lists are lists (not a Seq)
    if isinstance(value, TupleValue) and len(value.items) <= MAX_ITEMS:
        return Seq(to_python(interp, item, depth + 1) for item in value.items)
    if isinstance(value, DictValue) and len(value.keys) <= MAX_ITEMS:
        return {key: to_python(interp, item, depth + 1) for key, item in zip(value.keys, value.items)}
    if isinstance(value, Instance) and (kept := interp.__dict__.get("_host_records", {}).get(id(value))) is not None \
            and kept[0] is value:
        return _copy(kept[1])
    if isinstance(value, Instance) and record_shape(interp, value.cls) is None:
        from codemods.analysis.host_views import object_view  # (which reads values through this module)
        if (view := object_view(interp, value)) is not None:
            return view  # an object of a plain class, read only (host_views.py)
    if isinstance(value, Instance) and value.fields is not None and not value.building:
        shape = record_shape(interp, value.cls)
        fields = dict(value.fields)
        if shape is None or set(fields) != set(shape[0]):
            raise Bail
        return Record(value.cls, {name: to_python(interp, fields[name], depth + 1) for name in shape[0]}, shape[1])
    if isinstance(value, ClassValue) and value.cls in interp.scope.tree.body:
        return ClassRef(value.cls)
    if isinstance(value, Function) and type(value.node) is ast.FunctionDef and value.node in interp.scope.tree.body:
        return FuncRef(value.node)
    if isinstance(value, JaxName):
        name = value.name
        if name.startswith("builtins.") and name[len("builtins."):] in BUILTINS:
            return BUILTINS[name[len("builtins."):]]
        if name in _LIBRARY:
            return _LIBRARY[name]
        if name in LIBRARY_SPECIAL:
            return Special(name)
    from codemods.analysis.host_handles import held_python  # (host_classes.py reads this module)
    return held_python(interp, value)


def remember(interp, value: Instance, record: Record) -> None:
    """Keep the objects a frozen record's fields hold beside the instance the analysis holds."""
    if record.frozen:
        interp.__dict__.setdefault("_host_records", {})[id(value)] = (value, _copy(record))


def _copy(obj: object) -> object:
    if type(obj) is Record:
        return Record(obj.cls, {name: _copy(item) for name, item in obj.fields.items()}, obj.frozen)
    if type(obj) in (list, tuple, Seq):
        return type(obj)(_copy(item) for item in obj)
    if type(obj) is dict:
        return {key: _copy(item) for key, item in obj.items()}
    return obj


class FieldInfo:
    """What `dataclasses.fields(cls)` gives of a record class, as far as a run reads it: `.name`,
    and `.type` when it is a builtin type (host_views.field_type; else None: not read)."""

    __slots__ = ("name", "type")

    def __init__(self, name: str, kind: type | None = None) -> None:
        self.name, self.type = name, kind


class Special:
    """A library function the run models itself (it reads records or attributes)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __eq__(self, other: object) -> bool:  # (one library object, whichever read of its name made this one)
        return type(other) is Special and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)


def to_value(interp, obj: object, depth: int = 0) -> Value | None:
    """The value the analysis holds for a run's result; None when it cannot hold it."""
    if depth > 8:
        return None
    if isinstance(obj, _PLAIN) and type(obj) in _PLAIN:
        return Const(obj)
    if type(obj) in (tuple, list, Seq) and len(obj) <= MAX_ITEMS:
        items = [to_value(interp, item, depth + 1) for item in obj]
        return None if any(item is None for item in items) else TupleValue(tuple(items))
    if type(obj) is dict and len(obj) <= MAX_ITEMS and all(type(key) is str for key in obj):
        items = [to_value(interp, item, depth + 1) for item in obj.values()]
        return None if any(item is None for item in items) else DictValue(tuple(obj), tuple(items))
    if type(obj) is Record:
        fields = {name: to_value(interp, item, depth + 1) for name, item in obj.fields.items()}
        if any(item is None for item in fields.values()):
            return None
        return Instance(obj.cls, tuple(sorted(fields.items())))
    from codemods.analysis.host_handles import held_value
    return held_value(interp, obj, depth)


_DATACLASS = frozenset({"dataclasses.dataclass"})
_HOOKS = frozenset({"__init__", "__post_init__", "__setattr__", "__getattr__", "__getattribute__", "__new__",
                    "__init_subclass__", "__class_getitem__", "__set_name__", "__eq__", "__hash__",
                    "__bool__", "__len__"})  # (a record's truth is then not simply True)


def record_shape(interp, cls: ast.ClassDef) -> tuple[tuple[str, ...], bool] | None:
    """(the fields in order, frozen) of a plain dataclass of the module: decorated by
    `dataclasses.dataclass` alone (any keywords but `frozen` left default), no bases, no hook
    that changes construction or attribute access, every annotated name a field, no class the
    module derives from it, and the constructor the analysis itself would read the same way."""
    cache = interp.__dict__.setdefault("_record_shapes", {})
    if id(cls) not in cache:
        cache[id(cls)] = _record_shape(interp, cls)
    return cache[id(cls)]


def _record_shape(interp, cls: ast.ClassDef):
    if cls.bases or cls.keywords or len(cls.decorator_list) != 1 or interp.scope.subclassed(cls):
        return None
    decorator = cls.decorator_list[0]
    frozen = False
    target = decorator.func if type(decorator) is ast.Call else decorator
    if _canonical(interp, target) not in _DATACLASS:
        return None
    if type(decorator) is ast.Call:
        if decorator.args or any(k.arg not in ("frozen", "eq", "repr", "order") for k in decorator.keywords):
            return None
        for keyword in decorator.keywords:
            if type(keyword.value) is not ast.Constant or type(keyword.value.value) is not bool:
                return None
            if keyword.arg == "frozen":
                frozen = keyword.value.value
            elif keyword.arg == "eq" and not keyword.value.value:
                return None
    fields = []
    for statement in cls.body:
        if type(statement) is ast.AnnAssign:
            if type(statement.target) is not ast.Name or hint_kind(interp.scope.tree, statement.annotation) != FIELD:
                return None  # (a ClassVar, an InitVar, or a hint not certain: hint_kinds.py)
            fields.append(statement.target.id)
        elif type(statement) in (ast.FunctionDef, ast.AsyncFunctionDef):
            if statement.name in _HOOKS:
                return None
        elif type(statement) is ast.Expr and type(statement.value) is ast.Constant:
            continue
        elif type(statement) is not ast.Pass:
            return None
    facts = interp.class_facts(cls)
    if not facts.constructible or facts.init is not None or facts.hook_stores or tuple(fields) != tuple(facts.fields):
        return None
    return tuple(fields), frozen


def _canonical(interp, expr: ast.expr) -> str | None:
    """The canonical name of a decorator written as a name or an attribute chain of an import."""
    if type(expr) is ast.Name:
        value = interp.lookup(expr.id, interp.module_frame)
        return value.name if isinstance(value, JaxName) else None
    if type(expr) is ast.Attribute and type(expr.value) is ast.Name:
        value = interp.lookup(expr.value.id, interp.module_frame)
        return f"{value.name}.{expr.attr}" if isinstance(value, JaxName) else None
    return None


def snapshot(obj: object, depth: int = 0) -> object:
    """A copy of `obj` to compare with after the run (did it change what it was given?)."""
    if depth > 10:
        raise Bail
    if type(obj) is list:
        return ("list", [snapshot(item, depth + 1) for item in obj])
    if type(obj) is dict:
        return ("dict", [(key, snapshot(item, depth + 1)) for key, item in obj.items()])
    if type(obj) in (tuple, Seq):
        return (type(obj).__name__, tuple(snapshot(item, depth + 1) for item in obj))
    if type(obj) is Record:
        return ("record", id(obj.cls), tuple((k, snapshot(v, depth + 1)) for k, v in obj.fields.items()))
    if type(obj) is set:
        return ("set", frozenset(obj))
    if type(obj).__name__ in ("HostObj", "PartialObj"):
        from codemods.analysis.host_handles import held_snapshot
        return held_snapshot(obj, depth)
    return ("id", id(obj)) if type(obj) in (ClassRef, FuncRef, Special) or callable(obj) else ("obj", obj)


def as_dict(record: Record) -> dict:
    def copy(obj):
        if type(obj) is Record:
            return {k: copy(v) for k, v in obj.fields.items()}
        if type(obj) in (list, tuple, Seq):
            return type(obj)(copy(i) for i in obj)
        if type(obj) is dict:
            return {k: copy(v) for k, v in obj.items()}
        return obj
    return copy(record)
