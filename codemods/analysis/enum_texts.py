"""Whether the text of a constant str the static reading holds is certain: `str(a)` and `f"{a}"`
of a member of a module's `(str, Enum)` class (issue 13).

The static reading holds a member of `class MeshAxis(str, Enum): DATA = "data"` as the str
"data" it equals and hashes as (pyvalues.py): right for what JAX binds (`pmean(x, MeshAxis.DATA)`
reduces over "data"), for dict keys, comparisons and str methods. Its text is not the str's: on
Python 3.11 and later (the supported versions, README) `str()`, `format()` and an f-string's `{m}`
give "MeshAxis.DATA", and a class's own `__str__` / `__format__` decides otherwise
(member_texts.py does the same for the script run). A member's tag is lost wherever values are
folded (`tuple(...)` of members is a plain tuple of strs), so the texts are told by value: a str
equal to a member's value of an Enum class of the module whose text is not its value has an
unknown text. Only a stdlib StrEnum (a ReprEnum) whose classes define neither hook gives its
value's text, unless the module may store a hook on it (`Axis.__str__ = f`, any spelling of
setattr: `type.__setattr__`, `getattr(builtins, "setattr")`, or a hook's name as a text;
adversarial27 E); a class reached through a base of another module whose name says Enum
(`strenum.StrEnum`, `aenum.Enum`) may be anything. A member value the reading cannot compute
makes every text of the module unknown; `auto()` gives a (str, Enum) "1", "2", ..., which the
reading never holds as a str.
"""
from __future__ import annotations

import ast

from codemods.analysis.member_hooks import TEXT_HOOKS, body_names

_CERTAIN_BASES = frozenset({"enum.StrEnum", "builtins.str", "builtins.object"})
_HOOKS = TEXT_HOOKS  # (`__repr__` does not change `str()` of a member: counting it only makes more texts unsure)
_ANY = "any"
_SETTERS = frozenset({"setattr", "__setattr__"})  # every text of the module is unsure


def text_unsure(interp, value: object) -> bool:
    """The value is a str constant that may be a member of an Enum class of the module whose
    `str()` / `format()` is not the str itself."""
    from codemods.analysis.values import Const

    if not isinstance(value, Const) or not isinstance(value.value, str):
        return False
    texts = interp.__dict__.get("_shardfix_enum_texts")
    if texts is None:
        interp._shardfix_enum_texts = _ANY  # (a member value read while reading them: unsure)
        interp._shardfix_enum_texts = texts = _member_texts(interp)
    return texts is _ANY or value.value in texts


def _member_texts(interp) -> frozenset[str] | str:
    tree = interp.scope.tree
    classes: dict[str, list[ast.ClassDef]] = {}
    for node in ast.walk(tree):
        if type(node) is ast.ClassDef:
            classes.setdefault(node.name, []).append(node)
    texts: set[str] = set()
    for group in classes.values():
        for cls in group:
            kind = _kind(interp, cls, classes, set())
            if kind != "unsure":
                continue
            found = _values(interp, cls)
            if found is None:
                return _ANY
            texts |= found
    return frozenset(texts)


def _kind(interp, cls: ast.ClassDef, classes, seen: set[int]) -> str | None:
    """'unsure' for an Enum class whose members' text may not be their value, 'value' for one
    whose text is (a stdlib StrEnum without hooks), None for a class that is no Enum."""
    if id(cls) in seen:
        return None
    seen.add(id(cls))
    enum = strenum = False
    # (a metaclass, a decorator, a hook of its own, or one the module may set later: `A.__str__ = f`, setattr)
    certain = not (cls.keywords or cls.decorator_list or body_names(cls) & _HOOKS or _hooks_set(interp.scope.tree))
    if any("enum" in ast.unparse(keyword.value).lower() for keyword in cls.keywords):
        enum = True
    imported = interp.scope.imports.bindings  # (every name the module binds; None: not imported)
    for base in cls.bases:
        if type(base) is ast.Name and base.id in classes and imported.get(base.id) is None:
            kinds = {_kind(interp, other, classes, seen) for other in classes[base.id]}
            if "unsure" in kinds:
                return "unsure"
            enum = enum or "value" in kinds
            strenum = strenum or kinds == {"value"}
            certain = certain and kinds == {"value"}  # (a mixin of the module may define a hook)
            continue
        name = interp.scope.resolve(base)
        if type(base) is ast.Name and base.id in ("str", "object") and base.id not in imported:
            name = f"builtins.{base.id}"
        enum = enum or "enum" in (name or ast.unparse(base)).lower()
        strenum = strenum or name == "enum.StrEnum"
        certain = certain and name in _CERTAIN_BASES
    if not enum:
        return None
    return "value" if certain and strenum else "unsure"


def _hooks_set(tree: ast.Module) -> bool:
    """Does the module store a text hook on anything (`Axis.__str__ = f`), name setattr at all
    (`setattr`, `type.__setattr__`, `EnumType.__setattr__`, as a name, an attribute or a text:
    `getattr(builtins, "setattr")`, `type.__dict__["__setattr__"]`), or spell a hook's name as a
    text (`put(Axis, "__str__", f)` by any route)?"""
    found = tree.__dict__.get("_shardfix_text_hooks_set")
    if found is None:
        found = any(type(node) is ast.Attribute and (node.attr in _HOOKS and type(node.ctx) is not ast.Load
                                                     or node.attr in _SETTERS)
                    or type(node) is ast.Name and node.id in _SETTERS
                    or type(node) is ast.Constant and node.value in _SETTERS | _HOOKS for node in ast.walk(tree))
        tree._shardfix_text_hooks_set = found
    return found


def _values(interp, cls: ast.ClassDef) -> set[str] | None:
    """Every str in the values the class body assigns to its names; None when one is not known."""
    from codemods.analysis.values import Const

    bound = {node.id for statement in cls.body if type(statement) in (ast.Assign, ast.AnnAssign)
             for target in (statement.targets if type(statement) is ast.Assign else [statement.target])
             for node in ast.walk(target) if type(node) is ast.Name}
    texts: set[str] = set()
    for statement in cls.body:
        if type(statement) not in (ast.Assign, ast.AnnAssign) or statement.value is None:
            continue
        targets = statement.targets if type(statement) is ast.Assign else [statement.target]
        if all(type(target) is ast.Name and target.id.startswith("_") and target.id.endswith("_")
               for target in targets):
            continue  # `_ignore_`, `__module__`: no member
        value = statement.value
        if type(value) is ast.Name and value.id in bound:
            continue  # an alias: the other member's text
        if type(value) is ast.Call and not value.args and not value.keywords \
                and interp.scope.resolve(value.func) == "enum.auto":
            texts.update(target.id.lower() for target in targets if type(target) is ast.Name)  # (a StrEnum's)
            continue
        found = interp.eval(value, interp.module_frame)
        if not isinstance(found, Const):
            return None
        _strs(found.value, texts)
    return texts


def _strs(obj: object, texts: set[str]) -> None:
    if isinstance(obj, str):
        texts.add(obj)
    elif isinstance(obj, tuple):
        for item in obj:
            _strs(item, texts)
