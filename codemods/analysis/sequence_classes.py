"""Objects of a module class that extends `list` or `tuple` and adds only methods: a Keras-like
`class Sequential(list)` whose `__call__` runs `for layer in self`. Built from a known sequence
(`Sequential([dense, relu])`), the object is that sequence to iterate, index and unpack, and an
object of its class to call.

Its items stay known only when nothing can change them: a tuple cannot change; for a list, every
name or attribute the module changes in place (`x.append(...)`, `x[i] = ...`) must only ever be
bound to a literal list, dict or set (it then cannot be such an object).
"""
from __future__ import annotations

import ast

from codemods.analysis.mutation import mutated_names
from codemods.analysis.nodes import DEFS
from codemods.analysis.sequences import items_of
from codemods.analysis.values import ClassValue, Instance, TupleValue, Value

ITEMS = "__items__"  # the field holding the items (not a name Python code can bind as a field)
_SEQUENCE_METHODS = frozenset({"__init__", "__new__", "__iter__", "__getitem__", "__len__", "__getattribute__",
                               "__getattr__", "__reversed__", "__contains__"})
_LITERALS = (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp)


def sequence_base(scope, cls: ast.ClassDef) -> str | None:
    if len(cls.bases) != 1 or cls.keywords or cls.decorator_list or type(cls.bases[0]) is not ast.Name \
            or cls.bases[0].id not in ("list", "tuple") or scope.globals.binds(cls.bases[0].id) \
            or cls.bases[0].id in scope.imports.bindings or scope.subclassed(cls):
        return None
    for stmt in cls.body:
        if isinstance(stmt, DEFS) and stmt.name in _SEQUENCE_METHODS:
            return None
        if not isinstance(stmt, DEFS) and any(type(node) is ast.Name and node.id in _SEQUENCE_METHODS
                                              for node in ast.walk(stmt)):
            return None  # `__iter__ = ...`
    return cls.bases[0].id


def _lists_unchanged(tree: ast.Module) -> bool:
    cached = tree.__dict__.get("_shardfix_lists_unchanged")
    if cached is None:
        changed = set(mutated_names(tree)) | _grown(tree)
        cached = tree._shardfix_lists_unchanged = all(_literal_only(tree, name) for name in changed)
    return cached


def _grown(tree: ast.Module) -> set[str]:
    """Names and `.attrs` extended in place by `+=` / `*=` with anything but a number."""
    found = set()
    for node in ast.walk(tree):
        if type(node) is ast.AugAssign and type(node.op) in (ast.Add, ast.Mult) \
                and not (type(node.value) is ast.Constant and type(node.value.value) in (int, float)):
            if type(node.target) is ast.Name:
                found.add(node.target.id)
            elif type(node.target) is ast.Attribute:
                found.add("." + node.target.attr)
    return found


def _literal_only(tree: ast.Module, name: str, depth: int = 0) -> bool:
    """Every binding of `name` (`.attr`: of attribute `attr`) in the module is `= <literal>`, a
    function's `**kwargs`, or (`self.extra = kwargs`) a name bound only so."""
    attr = name[1:] if name.startswith(".") else None
    # A function's `**kwargs` is always a dict of its own (`kwargs.pop("top_k", 0)` changes no list)
    keywords = {id(node.kwarg) for node in ast.walk(tree) if type(node) is ast.arguments and node.kwarg is not None}
    for node in ast.walk(tree):
        if attr is None and isinstance(node, ast.arg) and node.arg == name and id(node) not in keywords:
            return False
        if attr is None and isinstance(node, (ast.Import, ast.ImportFrom)) \
                and any((alias.asname or alias.name).split(".")[0] == name for alias in node.names):
            return False
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            literal = isinstance(node, (ast.Assign, ast.AnnAssign)) and (isinstance(node.value, _LITERALS) or (
                type(node.value) is ast.Name and depth == 0 and _literal_only(tree, node.value.id, 1)))
            for target in targets:
                if type(target) is ast.Name and attr is None and target.id == name \
                        or type(target) is ast.Attribute and target.attr == attr:
                    if not literal:
                        return False
                elif any(_binds(inner, name, attr) for inner in ast.walk(target)):
                    return False  # unpacked into, or a subscript of it stored
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension, ast.withitem, ast.NamedExpr)):
            target = node.optional_vars if isinstance(node, ast.withitem) else node.target
            if target is not None and any(_binds(inner, name, attr) for inner in ast.walk(target)):
                return False
        elif isinstance(node, DEFS + (ast.ClassDef,)) and attr is None and node.name == name:
            return False
    return True


def _binds(node: ast.AST, name: str, attr: str | None) -> bool:
    if attr is None:
        return type(node) is ast.Name and node.id == name and not isinstance(node.ctx, ast.Load)
    return type(node) is ast.Attribute and node.attr == attr and not isinstance(node.ctx, ast.Load)


def sequence_object(interp, callee: ClassValue, args, keywords, starred) -> Value | None:
    """`Sequential([a, b])`: the object, with its items; None when the class is not such a
    sequence class or the items are not known (the ordinary construction then)."""
    base = sequence_base(interp.scope, callee.cls)
    if base is None or keywords or starred or len(args) > 1:
        return None
    items = items_of(args[0][0]) if args else []
    if items is None or base == "list" and not _lists_unchanged(interp.scope.tree):
        return None
    return Instance(callee.cls, ((ITEMS, TupleValue(tuple(items))),))
