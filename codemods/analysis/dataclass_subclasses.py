"""A plain subclass of a module dataclass (issue 13): `class Accuracy(Metric)` with no decorator,
`__init__` or annotated field of its own runs the `__init__` the dataclass generated for its base,
so `cls(total, count)` in its classmethod builds an object with the base's fields (a NamedTuple
base's `__new__` likewise). Read so only when no class up the chain defines `__post_init__` (the
base's facts read for the subclass would leave out what it stores, classes.read_post_init
reading only decorated classes) and the subclass binds no field's name. Also what a field's
declaration says: its default (`field(default=...)`) and whether it is one (`ClassVar`)."""
from __future__ import annotations

import ast
from dataclasses import replace

from codemods.analysis.nodes import DEFS
from codemods.analysis.init_stores import UNKNOWABLE

_MAX_DEPTH = 8
_FIELD_FUNCTIONS = frozenset({"field", "static_field", "attrib", "ib"})


def dataclass_subclass(cls: ast.ClassDef, inherited, classes: dict[str, ast.ClassDef]):
    """The base's facts as the subclass's, constructible only without a `__post_init__` in the
    chain and when the subclass binds no name of a field (a property of that name is what a read
    finds, and the generated `__init__` could not store it)."""
    own = {member.name for member in cls.body if isinstance(member, DEFS)} \
        | {target.id for member in cls.body if type(member) in (ast.Assign, ast.AnnAssign)
           for target in (member.targets if type(member) is ast.Assign else [member.target]) if type(target) is ast.Name}
    constructible = inherited.constructible and not _post_init(cls, classes) and not own & set(inherited.fields)
    return replace(inherited, cls=cls, constructible=constructible)


def _post_init(cls: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> bool:
    for _ in range(_MAX_DEPTH):
        if any(isinstance(member, DEFS) and member.name == "__post_init__" for member in cls.body):
            return True
        bases = [base.id for base in cls.bases if type(base) is ast.Name and base.id in classes]
        if not bases:
            return False
        cls = classes[bases[0]]
    return True  # too deep to tell


def field_default(value: ast.expr) -> ast.expr:
    """`field(default=X)` -> X; `field(default_factory=F)` -> `F()`; anything else as written."""
    if isinstance(value, ast.Call):
        func = value.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if name in _FIELD_FUNCTIONS:
            for keyword in value.keywords:
                if keyword.arg == "default":
                    return keyword.value
                if keyword.arg == "default_factory":
                    return ast.Call(func=keyword.value, args=[], keywords=[])
            return UNKNOWABLE
    return value
