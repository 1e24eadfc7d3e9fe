"""Class-creation hooks in a script run (script_classes.py; issue 13): a pydantic-like `BaseModel`
collects its subclasses' annotated fields in `__init_subclass__`, reading `cls.__mro__` and each
class's `__annotations__`; the fields it records decide how requests are validated and which axes
a service goes on with.

Python calls `__init_subclass__` (an implicit classmethod) of the nearest base that defines it,
on the new class, with the class statement's keywords, inside `type.__new__`: after the body ran,
before the class decorators are applied. `object.__init_subclass__` takes no keywords (TypeError:
not modelled). On CPython 3.11 a class's `__annotations__` are its own (evaluated when the body
ran, or their source text under `from __future__ import annotations`; an empty dict made on first
access when it has none); a base's are not inherited.
"""
from __future__ import annotations

import ast

from codemods.analysis.class_descriptors import called_class
from codemods.analysis.class_hints import unchanged, value_of
from codemods.analysis.host_objects import Bail, Special
from codemods.analysis.host_exprs import Env
from codemods.analysis.script_values import Bound, UClass

_OBJECT = Special("builtins.object")


def class_keywords(run, node: ast.ClassDef, env: Env) -> dict:
    """The class statement's keywords but `metaclass=` (metaclass_of reads that one), evaluated
    as Python evaluates them: with the bases, before the body runs."""
    keywords = {}
    for keyword in node.keywords:
        if keyword.arg is None:
            raise Bail  # (`class C(Base, **options)`: not modelled)
        if keyword.arg != "metaclass":
            keywords[keyword.arg] = run.eval(keyword.value, env)
    return keywords


def call_hook(run, cls: UClass, node: ast.ClassDef, keywords: dict) -> None:
    """`type.__new__`'s call of the bases' `__init_subclass__` on the class just made."""
    if any(keyword.arg == "metaclass" for keyword in node.keywords):
        raise Bail
    found = next(((c, c.attrs["__init_subclass__"]) for c in cls.order[1:] if "__init_subclass__" in c.attrs), None)
    if found is None:
        if keywords:
            raise Bail  # (object.__init_subclass__ raises TypeError)
        return
    hook = found[1]
    if type(hook).__name__ != "Desc" or hook.kind != "class":
        raise Bail
    if run.call(Bound(hook.func, cls), [], keywords) is not None:
        raise Bail
    if cls.kind == "dataclass":
        unchanged(run, cls)  # (`@dataclass` reads `__annotations__` after the hook: class_hints.py)


def mro(cls: UClass) -> tuple:
    """`cls.__mro__` of a class with one base of the module at most (make_class allows no more)."""
    return (*cls.order, _OBJECT)


def own_annotations(run, cls: UClass) -> dict:
    """`cls.__annotations__`: the class's own, evaluated in its body's scope (the run keeps the
    annotation, not its value: its names are builtin types or classes bound once)."""
    made = cls.attrs.get("__annotations__")
    if made is not None:
        return made
    made = cls.attrs["__annotations__"] = body_annotations(run, cls)
    return made


def body_annotations(run, cls: UClass) -> dict:
    """The `__annotations__` dict the class body made (class_hints.py)."""
    made = {}
    for statement in cls.node.body:
        if type(statement) is not ast.AnnAssign or type(statement.target) is ast.Name and not statement.simple:
            continue  # (a target in parentheses: not stored, class_hints.py)
        if type(statement.target) is not ast.Name:
            raise Bail
        found = cls.annotations.get(statement.target.id)
        if found is None or found[0] is not statement.annotation:  # (a ClassVar, not kept as a field)
            found = (statement.annotation, body_scope(run, cls))
        annotation, scope = found
        if run.future_annotations:  # (each hint's source text, as the compiler spells it back)
            made[statement.target.id] = hint_text(annotation)
            continue
        if any(type(sub) is ast.Name and sub.id in cls.attrs for sub in ast.walk(annotation)):
            raise Bail  # (a class attribute named in a hint: read then, not now)
        made[statement.target.id] = value_of(run, annotation, scope)
    return made


_TEXT_NODES = (ast.Name, ast.Attribute, ast.Subscript, ast.Tuple, ast.List, ast.Load, ast.BinOp, ast.BitOr,
               ast.UnaryOp, ast.USub, ast.Call, ast.keyword)


def hint_text(annotation: ast.expr) -> str:
    """The text `from __future__ import annotations` keeps for a hint: CPython spells the
    expression back as `ast.unparse` does for names, attributes, subscripts, tuples, lists, `|`,
    negative numbers, plain constants and calls with keywords (`Annotated[int, Field(4, ge=1)]`;
    checked on 3.11); anything else (a str constant with quotes or escapes, `*args`, a lambda) is
    not followed."""
    for node in ast.walk(annotation):
        if type(node) is ast.Constant:
            value = node.value
            if type(value) is str and (not value.isprintable() or "'" in value or '"' in value or "\\" in value) \
                    or type(value) not in (str, int, float, bool, type(None), type(Ellipsis)):
                raise Bail
        elif type(node) not in _TEXT_NODES:
            raise Bail
    return ast.unparse(annotation)


def keep_body_scope(run, cls: UClass, scope: Env) -> None:
    """Remember the scope the class body ran in (its hints are evaluated there when read)."""
    run.__dict__.setdefault("_class_scopes", {})[id(cls)] = (cls, scope)


def body_scope(run, cls: UClass) -> Env:
    found = run.__dict__.get("_class_scopes", {}).get(id(cls))
    if found is None or found[0] is not cls:
        raise Bail
    return found[1]


def dynamic_class(run, args: list, kwargs: dict) -> UClass:
    """`type("State", (), {})`: a plain class made by a call (an app's attribute namespace)."""
    name, bases, namespace = args if len(args) == 3 else (None, None, None)
    if kwargs or type(name) is not str or type(bases) is not tuple or type(namespace) is not dict \
            or len(bases) > 1 or bases and (type(bases[0]) is not UClass or bases[0].kind != "plain") \
            or not all(type(key) is str and not key.startswith("__") for key in namespace):
        raise Bail
    if bases and bases[0].meta is not None:
        from codemods.analysis.class_metas import dynamic

        return dynamic(run, name, bases[0], namespace)  # (the base's metaclass makes it: class_metas.py)
    node = ast.ClassDef(name=name, bases=[], keywords=[], body=[], decorator_list=[])
    cls = UClass(node, bases[0] if bases else None, dict(namespace), "plain")
    called_class(run, cls, namespace)  # (what `vars(cls)` holds: class_descriptors.py)
    if cls.base is not None and cls.base.lookup("__init_subclass__") is not None:
        call_hook(run, cls, node, {})
    return cls
