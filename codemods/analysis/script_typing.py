"""Type hints in a script run (script_run.py; issue 13): settings classes in the style of
pydantic's BaseSettings read their fields with `typing.get_type_hints(type(self))` and convert
each value by `typing.get_origin` / `typing.get_args` of its annotation (`tuple[str, ...]`,
`list[int]`, `Optional[float]`). The field loop decides which axis names, mesh shapes and
flags the program goes on with, so the run follows it as CPython 3.11 does.

Annotations are real `typing` objects here (`tuple[int, int]` is a `types.GenericAlias`): they
hold only types, None and Ellipsis, so comparing, hashing and taking them apart is exact. A
hint the run cannot build (a forward reference to a name it does not know, a user class inside
`Optional[...]`, `ClassVar` fields whose treatment differs between readers) stops the run.
"""
from __future__ import annotations

import ast
import inspect
import types
import typing

from codemods import jaxapi
from codemods.analysis import annotated_hints, class_hints, held_hints, typing_forms
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Lib, UClass

# The typing names a run reads as the real objects (`origin is typing.Union` must hold).
_FORMS = {f"typing.{name}": getattr(typing, name) for name in (
    "Union", "Optional", "Tuple", "List", "Dict", "Set", "FrozenSet", "Any", "Sequence", "Mapping",
    "Iterable", "Callable", "Literal", "Type", "Annotated", "ClassVar", "Final")}
_PLAIN = (int, float, str, bool, bytes, complex, object, type(None))
_GENERIC = (tuple, list, dict, set, frozenset, type)
HINT_TYPES = _HINT_TYPES = (types.GenericAlias, types.UnionType, type(typing.Optional[int]), type(typing.Tuple[int]),
               type(typing.Union), type(typing.Any), type(typing.List), type(typing.Literal[0]))


def constant(name: str) -> object:
    """The typing object named `name` (canonical), or None."""
    if name == "typing.TYPE_CHECKING":
        return False  # (True only for a static checker)
    return _FORMS.get(name)


def singleton(value: object) -> bool:
    """Only `value` itself is `value` (`tp is bool`, `origin is typing.Union`), on every run."""
    return type(value) is type and any(value is known for known in _PLAIN + _GENERIC) \
        or any(value is form for form in _FORMS.values())


def is_hint(value: object) -> bool:
    """`value` is a type the run compares exactly: a plain builtin type or a hint made of them."""
    if value is None or value is Ellipsis:
        return True
    if type(value) is type:
        return any(value is known for known in _PLAIN + _GENERIC)
    if type(value) in _HINT_TYPES:
        return all(is_hint(arg) if not isinstance(arg, (str, int)) else type(arg) in (str, int, bool)
                   for arg in typing.get_args(value))
    return False


def subscript(holder: object, key: object, run=None) -> object:
    """`tuple[int, int]`, `Optional[str]`, `list[str]`: the hint itself; one holding the module's
    classes held whole (held_hints.py); or Bail."""
    if holder is typing.Annotated:
        return annotated_hints.subscript(key)  # (metadata of any kind: annotated_hints.py)
    if type(holder) is Lib and holder.name == "dataclasses.InitVar" and type(key) is not tuple:
        import dataclasses

        return dataclasses.InitVar(key)  # (what `InitVar[key]` makes, checked on CPython 3.11: hint_kinds.held_kind)
    if type(holder) is Lib and jaxapi.canonical(holder.name) in ("typing.Generic", "typing.Protocol"):
        return typing_forms.subscript(getattr(typing, holder.name.rsplit(".", 1)[-1]), key)  # (typing_forms.py)
    if not (any(holder is kind for kind in _GENERIC) or type(holder) in _HINT_TYPES
            or any(holder is form for form in _FORMS.values())):  # (`Literal`, `Tuple`: forms of their own types)
        return held_hints.held(run, holder, key)
    parts = key if type(key) is tuple else (key,)
    if holder is typing.Literal:
        if not all(type(part) in (str, int, bool) or part is None for part in parts):
            raise Bail
    elif not all(is_hint(part) for part in parts):
        return held_hints.held(run, holder, key)
    try:
        made = holder[key]
    except (TypeError, ValueError):
        raise Bail from None  # (the program raises: not modelled)
    if not is_hint(made):
        raise Bail
    return made


CALLS = frozenset({"typing.get_type_hints", "typing.get_origin", "typing.get_args"}) | typing_forms.CALLS


def call(run, name: str, args: list, kwargs: dict) -> object:
    if name in typing_forms.CALLS:
        return typing_forms.call(run, name, args, kwargs)
    kwargs = dict(kwargs)
    extras = kwargs.pop("include_extras", False) if name == "typing.get_type_hints" else False
    if len(args) != 1 or kwargs or type(extras) is not bool:
        raise Bail
    if name == "typing.get_type_hints":
        if type(args[0]) is not UClass:
            return annotated_hints.function_hints(run, args[0], extras)
        hints = type_hints(run, args[0])
        return hints if extras else {key: annotated_hints.strip(value) for key, value in hints.items()}
    if type(args[0]) is held_hints.HeldHint:
        return args[0].origin if name == "typing.get_origin" else args[0].args
    if type(args[0]) is annotated_hints.AnnotatedHint:
        hint = args[0]
        return annotated_hints.origin_of(hint) if name == "typing.get_origin" else annotated_hints.args_of(hint)
    if type(args[0]) in (UClass, Lib) and annotated_hints.is_class(args[0]) or args[0] is inspect.Parameter.empty \
            or type(args[0]) is str or annotated_hints.plain_object(args[0]):  # (a str: a hint kept as its text
        # by `from __future__ import annotations`; a plain object: annotated_hints.plain_object)
        return None if name == "typing.get_origin" else ()  # (a plain class: no origin, no arguments)
    if not is_hint(args[0]):
        raise Bail
    return typing.get_origin(args[0]) if name == "typing.get_origin" else typing.get_args(args[0])


def type_hints(run, cls: object) -> dict:
    """`typing.get_type_hints(cls)` of a module class: the bases' hints first (each name keeps its
    first place, its value from the class nearest `cls`), each one evaluated."""
    if type(cls) is not UClass:
        raise Bail
    chain = list(cls.order)
    hints: dict = {}
    for klass in reversed(chain):
        class_hints.unchanged(run, klass)  # (`__annotations__` as the body made it: class_hints.py)
        for statement in klass.node.body:
            if type(statement) is not ast.AnnAssign or type(statement.target) is ast.Name and not statement.simple:
                continue
            if type(statement.target) is not ast.Name:
                raise Bail
            hints[statement.target.id] = _evaluated(run, klass, statement.target.id, statement.annotation)
    return hints


def _evaluated(run, klass: UClass, name: str, written: ast.expr | None = None) -> object:
    from codemods.analysis.script_class_hooks import body_scope

    found = klass.annotations.get(name)
    if written is not None and (found is None or found[0] is not written):
        found = (written, body_scope(run, klass))  # (a ClassVar, left out of the fields: kept by get_type_hints)
    if found is None:
        raise Bail
    node, env = found
    if type(node) is ast.Constant and type(node.value) is str:
        try:
            node = ast.parse(node.value, mode="eval").body  # (a quoted hint: a forward reference)
        except SyntaxError:
            raise Bail from None
    if type(node) is ast.Constant and node.value is None:
        return type(None)
    if any(type(sub) is ast.Name and sub.id in klass.attrs for sub in ast.walk(node)):
        raise Bail  # (a class attribute named as a type: read at another time by each way)
    if run.future_annotations and env.parent is not run.module_env:
        raise Bail  # (a string hint of a nested class is evaluated in the module's globals)
    value = class_hints.value_of(run, node, env)  # (the value the body gave it: class_hints.py)
    if not is_hint(value) and type(value) not in (annotated_hints.AnnotatedHint, held_hints.HeldHint) \
            and not (type(value) is UClass and annotated_hints.is_class(value)):
        raise Bail  # (a hint over module classes is held whole: `list[Rule]`, `Optional[Rule]`, held_hints.py)
    return value
