"""What an annotation in a class body is to dataclasses: a field, a ClassVar or an InitVar
(script_classes.py, dataclass_fields.py, host_objects.py, record_specs.py; found by adversarial32).

dataclasses asks what the hint IS, not how it is spelt: `typing.ClassVar` itself or subscripted
(by any name: `CV = typing.ClassVar`, `from typing import ClassVar as CVar`, `WholeCV =
typing.ClassVar[tuple]`) is no field, and neither is `dataclasses.InitVar` (an InitVar, handed to
`__post_init__`); `TupleClassVar = tuple` is a field whatever its name says. A str hint (every
hint under `from __future__ import annotations`) is read by its text: an optional `module.` and
a name, the name looked up in the class's module when the module part is missing, or is
`typing` (for ClassVar) or `dataclasses` (for InitVar) there.

The hint's head (the name before any `[...]`) is resolved statically, and only where that is
certain: a module-level name bound once, by an import of a module or of a name from `typing`,
`dataclasses` or a known library, by a `class` or a `def`, or a builtin name the module never
binds; an attribute of such an imported module. Anything else (an alias assigned, a name bound in
a function or the class body, a call, an unknown module's name) gives None, and the reader gives
up (the run stops, the static reading returns None).
"""
from __future__ import annotations

import ast
import builtins
import re

FIELD, CLASSVAR, INITVAR = "field", "classvar", "initvar"
OTHER, _UNBOUND = "", "?unbound"
LATER = "later"  # (certain_kind: decided by the hint's value, which the body evaluates after the value)
_CLASSVAR, _INITVAR = "typing.ClassVar", "dataclasses.InitVar"
# Modules whose names are never ClassVar nor InitVar (nor re-exports of them).
_KNOWN = ("jax", "numpy", "collections", "functools", "enum", "abc", "os", "math", "pathlib", "numbers", "types", "chex",
          "optax", "flax", "jaxtyping")
# Libraries whose decorators (and the names given to their factories) hand back the class.
_DECORATING = (*_KNOWN, "attr", "attrs")
# Roads to the module's namespace (or the builtins) that bind names no statement shows.
_DYNAMIC = frozenset({"globals", "__builtins__", "builtins", "__import__", "modules", "import_module", "__globals__",
                      "f_globals"})
_TEXT = re.compile(r"^(?:\s*(\w+)\s*\.)?\s*(\w+)")  # (dataclasses' own reading of a str hint)


def hint_kind(tree: ast.Module, annotation: ast.expr) -> str | None:
    """FIELD, CLASSVAR, INITVAR, or None when not certain. Kept on the annotation (kept_kind)."""
    cached = annotation.__dict__.get("_shardfix_hint_kind", ())
    if cached == ():
        cached = annotation.__dict__["_shardfix_hint_kind"] = _kind(tree, annotation)
    return cached


def certain_kind(run, annotation: ast.expr, env, value: ast.expr | None) -> str:
    """hint_kind, for a run: an evaluated hint that is a bare name the text does not settle (`Width
    = int`), or such a name subscripted (`tuple[int, int]` in a module with a road to its own
    namespace, where no builtin name is settled by the text), is a field when the run holds a class
    for the name where the body evaluates it (a builtin type, or the module's own class; never
    ClassVar nor InitVar); where it is not certain the run stops."""
    from codemods.analysis.host_exprs import Raised
    import typing

    from codemods.analysis.annotated_hints import plain_object
    from codemods.analysis.host_objects import Bail
    from codemods.analysis.script_values import UClass

    kind = hint_kind(run.tree, annotation)
    head = annotation.value if type(annotation) is ast.Subscript else annotation  # (`tuple[int, int]`: its head)
    if kind is None and type(head) is ast.Name and not _facts(run.tree)["future"] \
            and not (value is not None and any(type(node) is ast.NamedExpr for node in ast.walk(value))):
        try:
            held = run.eval(head, env)
        except (Bail, Raised):
            held = None
        if type(held) is UClass and type(annotation) is ast.Subscript:
            return LATER  # (`Shared[tuple]` is what its `__class_getitem__` returns: held_kind)
        if (named := _named_kind(held)) is not None:  # (`Shared` bound to ClassVar by its decorator: adversarial35)
            if type(annotation) is ast.Subscript:
                return LATER  # (`Shared[tuple]`: what the subscript gives, held_kind)
            annotation.__dict__["_shardfix_run_kind"] = kind = named
        elif _field_class(held):
            annotation.__dict__["_shardfix_run_kind"] = kind = FIELD
        elif type(annotation) is ast.Subscript and (plain_object(held) or held is typing.Annotated):
            return LATER  # (`Float[Array, "b d"]` of a jaxtyping-like factory, `Annotated[...]`: what it gives,
            # held_kind; dataclasses' `type(hint) is typing._GenericAlias` is False for Annotated's alias)
    if kind is None:
        raise Bail  # (an alias, a name bound elsewhere: what dataclasses makes of it is not certain)
    return kind


def held_kind(run, annotation: ast.expr, env) -> str:
    """The kind of a hint the run evaluated (class_hints.record), as dataclasses reads it:
    `typing.ClassVar` itself or a `_GenericAlias` of it, `dataclasses.InitVar` or an instance of
    it; a class or an alias of a class is a field; anything else stops the run."""
    import types
    import typing
    import dataclasses
    from codemods.analysis import class_hints
    from codemods.analysis.host_objects import Bail
    from codemods.analysis.annotated_hints import AnnotatedHint, plain_object
    from codemods.analysis.held_hints import HeldHint
    from codemods.analysis.script_values import Lib, UClass

    held = class_hints.value_of(run, annotation, env)
    if held is typing.ClassVar or type(held) is typing._GenericAlias and held.__origin__ is typing.ClassVar:
        kind = CLASSVAR
    elif type(held) is Lib and held.name == "dataclasses.InitVar" or type(held) is dataclasses.InitVar:
        kind = INITVAR
    elif type(held) in (UClass, HeldHint, types.GenericAlias, AnnotatedHint) or type(held) is type or plain_object(held):
        kind = FIELD  # (a plain object: dataclasses' `is` and `type()` tests and NamedTuple's _type_check pass it)
    else:
        raise Bail
    if annotation.__dict__.setdefault("_shardfix_run_kind", kind) != kind:
        raise Bail  # (the same hint read otherwise by another run of the class body)
    return kind


def _named_kind(held: object) -> str | None:
    """CLASSVAR or INITVAR where the run holds `typing.ClassVar` or `dataclasses.InitVar` itself
    for a hint's head, whatever name it is bound to (dataclasses asks `hint is typing.ClassVar`,
    `hint is dataclasses.InitVar`); None otherwise."""
    import typing
    from codemods.analysis.script_values import Lib

    if held is typing.ClassVar or type(held) is Lib and held.name == _CLASSVAR:
        return CLASSVAR
    return INITVAR if type(held) is Lib and held.name == _INITVAR else None


def _field_class(held: object) -> bool:
    """What a run holds for a hint's head makes it a field: a builtin type, the module's own
    class, an `Annotated[...]` alias (a field whatever it wraps: dataclasses asks `type(hint) is
    typing._GenericAlias` for ClassVar, checked on CPython 3.11) or a jax/numpy name (`Array =
    jax.Array`); never ClassVar nor InitVar."""
    from codemods.analysis.annotated_hints import AnnotatedHint
    from codemods.analysis.script_values import Lib, UClass

    return type(held) is type and held.__module__ == "builtins" or type(held) in (UClass, AnnotatedHint) \
        or type(held) is Lib and held.name.split(".")[0] in ("jax", "numpy")


def note_hints(tree: ast.Module) -> None:
    """hint_kind of every annotation in a class body of the module, kept for kept_kind."""
    if tree.__dict__.get("_shardfix_hints_noted"):
        return
    for node in ast.walk(tree):
        if type(node) is ast.ClassDef:
            for statement in node.body:
                if type(statement) is ast.AnnAssign:
                    hint_kind(tree, statement.annotation)
    tree.__dict__["_shardfix_hints_noted"] = True


def keep_kind(annotation: ast.expr, kind: str) -> None:
    """A hint made by the analysis itself (`make_dataclass`'s fields), whose kind its maker knows."""
    annotation.__dict__["_shardfix_hint_kind"] = kind


def kept_kind(annotation: ast.expr) -> str | None:
    """The kind hint_kind found for this annotation already; None when not (yet) known."""
    return annotation.__dict__.get("_shardfix_hint_kind") or annotation.__dict__.get("_shardfix_run_kind")


def _kind(tree: ast.Module, annotation: ast.expr) -> str | None:
    facts = _facts(tree)
    if facts["future"]:
        return _text_kind(facts, ast.unparse(annotation))  # (a str hint's text then starts with its quote)
    if type(annotation) is ast.Constant and type(annotation.value) is str:
        return _text_kind(facts, annotation.value)
    head = annotation.value if type(annotation) is ast.Subscript else annotation
    if type(annotation) is ast.BinOp and type(annotation.op) is ast.BitOr:
        return FIELD  # (`int | None`: a union, never ClassVar nor InitVar)
    if type(annotation) is ast.Constant and annotation.value is None:
        return FIELD
    if type(head) not in (ast.Name, ast.Attribute):
        return None
    name = _resolve(facts, head)
    if name is None:
        return None
    if type(annotation) is ast.Subscript and type(head) is ast.Name and name == OTHER \
            and not subscript_plain(tree, head.id):
        return None  # (`Shared[tuple]` is what `Shared.__class_getitem__` returns: maybe ClassVar)
    return CLASSVAR if name == _CLASSVAR else INITVAR if name == _INITVAR else FIELD


def subscript_plain(tree: ast.Module, name: str, seen: frozenset = frozenset()) -> bool:
    """A module name whose subscript is certain to be neither ClassVar nor InitVar (found by
    adversarial33): unbound (a builtin: `tuple[int]`), a `def` (not subscriptable), or a module
    class whose bases are such classes, builtin names or typing's Generic/Protocol (their
    `__class_getitem__` hands back an alias of the class itself), with no metaclass, no class
    keyword, no `__class_getitem__` of its own, in a module that names `__class_getitem__` nowhere
    and sets no attribute by a computed name (CPython calls the class's or its metaclass's hook,
    which may return `typing.ClassVar[item]` or `dataclasses.InitVar[item]`)."""
    facts = _facts(tree)
    if "cgi_free" not in facts:
        facts["cgi_free"] = _cgi_free(tree)
    if not facts["cgi_free"] or name in seen or type(facts["bound"]) is _Unsure:
        return False  # (`globals()[name] = ...` may rebind the class's name)
    bindings = facts["bound"].get(name, [])
    if not bindings:
        return name in facts["builtins"]
    for node, at_top, source in bindings:
        if type(node) in (ast.FunctionDef, ast.AsyncFunctionDef):
            continue
        if type(node) is ast.alias and at_top and len(bindings) == 1 and source is not None \
                and source.split(".")[0] in (*_KNOWN, "typing") and f"{source}.{node.name}" != _CLASSVAR:
            continue  # (`from typing import Optional`: `Optional[int]` as `typing.Optional[int]` reads, a field)
        if type(node) is not ast.ClassDef or not at_top or node.keywords \
                or not all(_library_decorator(facts, each) for each in node.decorator_list):
            return False  # (a decorator binds the name to what it returns: adversarial35)
        for base in node.bases:
            head = base.value if type(base) is ast.Subscript else base
            if type(head) is ast.Name and _global(facts, head.id) in (OTHER, _UNBOUND) \
                    and type(base) is ast.Name and subscript_plain(tree, head.id, seen | {name}):
                continue  # (a module class, a builtin name)
            if _typing_generic(facts, head):
                continue
            return False
    return True


def _typing_generic(facts: dict, head: ast.expr) -> bool:
    """`Generic`, `Protocol` (from typing) or `typing.Generic`, `typing.Protocol`."""
    if type(head) is ast.Attribute and type(head.value) is ast.Name:
        return _global(facts, head.value.id) == "module:typing" and head.attr in ("Generic", "Protocol")
    imported = _only_import(facts, head)
    return imported is not None and imported[1] == "typing" and imported[0].name in ("Generic", "Protocol")


def _only_import(facts: dict, head: ast.expr) -> tuple | None:
    """(alias, source) of the one import that binds the name `head`, if that is its only binding."""
    if type(head) is not ast.Name:
        return None
    bindings = facts["bound"].get(head.id, [])
    if len(bindings) != 1 or not bindings[0][1] or type(bindings[0][0]) is not ast.alias:
        return None
    node, _, source = bindings[0]
    return node, source


def _cgi_free(tree: ast.Module) -> bool:
    """No `__class_getitem__` in the module's text, no attribute set by a computed name, no
    exec/eval (roads that may give a class the hook)."""
    for node in ast.walk(tree):
        kind = type(node)
        if kind is ast.Constant and type(node.value) is str and "getitem" in node.value:
            return False
        if kind is ast.Name and (node.id in ("exec", "eval", "compile", "__setattr__", "setattr", "locals", "vars")) \
                or kind is ast.Attribute and node.attr in ("__setattr__", "setattr"):
            if kind is ast.Name and node.id == "setattr" and _constant_setattr(tree, node):
                continue
            return False
        if kind in (ast.Name, ast.Attribute, ast.FunctionDef, ast.AsyncFunctionDef, ast.arg, ast.alias, ast.keyword) \
                and "class_getitem" in str(getattr(node, "id", None) or getattr(node, "attr", None)
                                           or getattr(node, "name", None) or getattr(node, "arg", None) or ""):
            return False
    return True


def _constant_setattr(tree: ast.Module, name: ast.Name) -> bool:
    """`setattr(obj, "text", value)` with a str constant not naming the hook."""
    for node in ast.walk(tree):
        if type(node) is ast.Call and node.func is name:
            return len(node.args) == 3 and not node.keywords and type(node.args[1]) is ast.Constant \
                and type(node.args[1].value) is str and "getitem" not in node.args[1].value
    return False


def _text_kind(facts: dict, text: str) -> str | None:
    """dataclasses' reading of a str hint: with a module part that is `typing` (`dataclasses`) in
    the class's module, the name looked up in typing (dataclasses) itself; without one, in the
    class's module; any other module part, or nothing found, a field."""
    match = _TEXT.match(text)
    if match is None:
        return FIELD
    module, name = match.group(1), match.group(2)
    if module is not None:
        held = _global(facts, module)
        if held is None:
            return None
        return CLASSVAR if held == "module:typing" and name == "ClassVar" \
            else INITVAR if held == "module:dataclasses" and name == "InitVar" else FIELD
    held = _global(facts, name)
    if held is None:
        return None
    return CLASSVAR if held == _CLASSVAR else INITVAR if held == _INITVAR else FIELD


def _resolve(facts: dict, head: ast.expr) -> str | None:
    """The dotted name an evaluated head stands for (OTHER: certain to be neither kind)."""
    if type(head) is ast.Name:
        held = _global(facts, head.id)
        if held == _UNBOUND:
            return OTHER if head.id in facts["builtins"] else None
        return held
    if type(head) is ast.Attribute:
        parts = []
        while type(head) is ast.Attribute:
            parts.append(head.attr)
            head = head.value
        if type(head) is not ast.Name:
            return None
        held = _global(facts, head.id)
        if held is None or not held.startswith("module:"):
            return None
        dotted = ".".join([held[len("module:"):], *reversed(parts)])
        if dotted in (_CLASSVAR, _INITVAR):
            return dotted
        return OTHER if dotted.split(".")[0] in (*_KNOWN, "typing", "dataclasses") else None
    return None


def _global(facts: dict, name: str) -> str | None:
    """What a module name holds: "module:M" (an import of M), typing's ClassVar or dataclasses'
    InitVar (an import of it, among the module's first imports, so bound before any class is
    made), OTHER (certain to be neither: a class, a def, a known library's name), _UNBOUND, or
    None (not certain)."""
    bindings = facts["bound"].get(name, [])
    if not bindings:
        return _UNBOUND
    if all(type(node) in (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
           and all(_library_decorator(facts, each) for each in node.decorator_list) for node, _, _ in bindings):
        return OTHER  # (a class or function, whichever of them: never ClassVar nor InitVar)
    if len(bindings) != 1 or not bindings[0][1]:
        return None  # (bound twice, or anywhere but at the module's top level)
    node, _, source = bindings[0]
    if type(node) is not ast.alias:
        return None
    if source is None:
        module = node.name if node.asname else node.name.split(".")[0]
        if module in ("typing", "dataclasses") and id(node) not in facts["prologue"]:
            return None  # (imported only after other code ran)
        return "module:" + module
    dotted = f"{source}.{node.name}"
    if dotted in (_CLASSVAR, _INITVAR):
        return dotted if id(node) in facts["prologue"] else None
    return OTHER if source.split(".")[0] in (*_KNOWN, "typing", "dataclasses") else None


def _library_decorator(facts: dict, decorator: ast.expr) -> bool:
    """`@dataclasses.dataclass(frozen=True)`, `@register_pytree_node_class`: a known library's
    decorator, which hands back a class (a module's own decorator may hand back anything). The
    name is bound to whatever the decorator returns, so a decorator made by a call that is given
    anything but constants and such library names (`@functools.partial(f)`, `@functools.partial(f,
    typing.ClassVar)`, `@jax.tree_util.Partial(f)`: they call the program's `f` on the class, which
    may return `typing.ClassVar`; found by adversarial35) is not one."""
    head = decorator.func if type(decorator) is ast.Call else decorator
    if type(decorator) is ast.Call and not all(
            _library_argument(facts, each) for each in (*decorator.args, *(k.value for k in decorator.keywords))):
        return False
    return _library_name(facts, head, (*_DECORATING, "dataclasses"))


def _library_name(facts: dict, head: ast.expr, modules: tuple) -> bool:
    """`head` is a name (or an attribute of a name) bound only by an import from one of `modules`."""
    while type(head) is ast.Attribute:
        head = head.value
    imported = _only_import(facts, head)
    if imported is None:
        return False
    node, source = imported
    module = node.name if source is None else source
    return module.split(".")[0] in modules


def _library_argument(facts: dict, value: ast.expr) -> bool:
    """What a library's decorator factory may be given and still hand back the class: constants,
    containers of them, a known library's name (never typing's nor dataclasses' but
    `dataclasses.dataclass` itself: `functools.partial(jax.tree_util.register_dataclass, ...)`)."""
    kind = type(value)
    if kind is ast.Constant:
        return True
    if kind in (ast.Tuple, ast.List, ast.Set):
        return all(_library_argument(facts, each) for each in value.elts)
    if kind is ast.Attribute and value.attr == "dataclass" and _library_name(facts, value.value, ("dataclasses",)):
        return True
    return kind in (ast.Name, ast.Attribute) and _library_name(facts, value, _DECORATING)


def _facts(tree: ast.Module) -> dict:
    """Every binding of each name in the module: (node, at top level, from-module)."""
    facts = tree.__dict__.get("_shardfix_hint_facts")
    if facts is not None:
        return facts
    bound: dict = {}
    top = {id(each) for each in tree.body}

    def bind(name: str, node: ast.AST, at_top: bool, source: str | None = None) -> None:
        bound.setdefault(name, []).append((node, at_top, source))

    future = False
    for node in ast.walk(tree):
        kind = type(node)
        if kind is ast.Name and not isinstance(node.ctx, ast.Load):
            bind(node.id, node, False)
        elif kind is ast.arg:
            bind(node.arg, node, False)
        elif kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
            bind(node.name, node, id(node) in top)
        elif kind in (ast.Global, ast.Nonlocal):
            for name in node.names:
                bind(name, node, False)
        elif kind is ast.ExceptHandler and node.name:
            bind(node.name, node, False)
        elif kind in (ast.MatchAs, ast.MatchStar) and node.name:
            bind(node.name, node, False)
        elif kind is ast.MatchMapping and node.rest:
            bind(node.rest, node, False)
        elif kind is ast.Import:
            for alias in node.names:
                bind((alias.asname or alias.name).split(".")[0], alias, id(node) in top)
        elif kind is ast.ImportFrom:
            future |= node.module == "__future__" and any(alias.name == "annotations" for alias in node.names)
            for alias in node.names:
                source = None if node.level else node.module
                bind(alias.asname or alias.name, alias, id(node) in top and source is not None, source or "?")
    prologue = set()
    for statement in tree.body:
        if type(statement) in (ast.Import, ast.ImportFrom):
            prologue |= {id(alias) for alias in statement.names}
        elif not (type(statement) is ast.Expr and type(statement.value) is ast.Constant):
            break
    stars = any(type(node) is ast.ImportFrom and any(alias.name == "*" for alias in node.names) for node in ast.walk(tree))
    from codemods.analysis.introspection_roads import never_runs

    dynamic = any((type(node) is ast.Name and node.id in _DYNAMIC or type(node) is ast.Attribute and node.attr in _DYNAMIC
                   or type(node) is ast.Call and type(node.func) is ast.Name and node.func.id == "vars" and not node.args)
                  and not never_runs(tree, node) for node in ast.walk(tree))  # (a def no code calls binds nothing)
    facts = {"bound": bound, "future": future, "prologue": prologue, "builtins": set() if stars or dynamic else set(dir(builtins))}
    if stars or dynamic:
        facts["bound"] = _Unsure(bound)  # (names the text does not show: nothing unbound is certain)
    tree.__dict__["_shardfix_hint_facts"] = facts
    return facts


class _Unsure(dict):
    """A module with `from m import *` or `globals()[...] = ...`: an unbound name is not certain."""

    def get(self, name, default=None):
        return dict.get(self, name) or [(None, False, None)]
