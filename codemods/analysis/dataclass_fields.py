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

from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Lib, UClass

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


def positional(cls: UClass) -> list:
    return [name for name in cls.fields if name not in cls.keyword_only]


def check_order(cls: UClass) -> None:
    """dataclasses' own check: a positional field without a default after one with a default."""
    defaulted = None
    for name in positional(cls):
        found = cls.lookup(name)
        if found is not None:
            defaulted = name
        elif defaulted is not None:
            raise Raised(TypeError(f"non-default argument {name!r} follows default argument {defaulted!r}"))


def cached_read(run, obj, desc) -> object:
    """The value of a cached_property on an instance: its `__dict__`'s, else computed and kept."""
    if name_of(desc) in obj.attrs:
        return obj.attrs[name_of(desc)]
    value = run.call(desc.func, [obj], {})
    obj.attrs[name_of(desc)] = value
    return value


def name_of(desc) -> str:
    return desc.func.node.name
