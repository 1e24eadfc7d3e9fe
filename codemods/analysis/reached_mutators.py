"""A list's or dict's changing method reached other than by calling it on the object's name
(issue 13; adversarial15 section C).

`mutated_names` (mutation.py) reads `AXES.pop()`. The same method is reached as a value as
often: a bound method kept and called later (`drop = AXES.pop; drop()`), handed to `map`,
`functools.partial` or a callback table (`map(AXES.remove, ...)`), fetched by name
(`getattr(AXES, "pop")()`, `operator.methodcaller("pop")(AXES)`), or a dunder that refills the
object (`AXES.__init__([...])`, `AXES.__imul__(0)`). Where the call then happens is not
followed; the rule is conservative instead: the object a changing method is taken from as a
value, or fetched by a name that is not a literal non-changing one, may be changed anywhere.
A `methodcaller`/`attrgetter` of a changing (or unknown) name may be applied to any object, so
every module name bound to something other than a tuple or a constant is then unknown.
"""
from __future__ import annotations

import ast

from codemods.analysis.held_names import alias_key
from codemods.analysis.nodes import (
    attributes_by_name,
    calls_by_callee,
    last_name,
    module_parents,
    names_by_id,
    nodes_of_type,
)

# Methods and dunders of list, dict, set and bytearray that change the object.
CHANGERS = frozenset({
    "append", "extend", "insert", "pop", "popitem", "remove", "clear", "update", "setdefault", "sort", "reverse",
    "move_to_end", "add", "discard", "difference_update", "intersection_update", "symmetric_difference_update",
    "__init__", "__setitem__", "__delitem__", "__iadd__", "__imul__", "__ior__", "__iand__", "__ixor__", "__isub__",
    "__setattr__", "__delattr__", "__setstate__"})
# Dunders that change the object, called by name (the plain methods are mutation.py's).
_CHANGING_DUNDERS = frozenset(name for name in CHANGERS if name.startswith("__"))
_FETCHERS = frozenset({"methodcaller", "attrgetter"})
_TYPES = frozenset({"list", "dict", "set", "bytearray"})
_REFLECTION = frozenset({"dir", "vars", "__dict__", "getmembers", "__dir__"})


def _module_names(tree: ast.Module) -> set[str]:
    """Module names that may hold a changeable object: any not bound to a tuple or a constant."""
    return {target.id for stmt in tree.body if isinstance(stmt, ast.Assign) for target in stmt.targets
            if type(target) is ast.Name and not isinstance(stmt.value, (ast.Tuple, ast.Constant))}


def _changing_name(node: ast.expr | None) -> bool:
    """A method name given as an expression: changing, or not a literal (any)."""
    return not (type(node) is ast.Constant and type(node.value) is str) or node.value in CHANGERS


def _names_changers(tree: ast.Module) -> bool:
    """Whether the module spells a changing method's name anywhere (an attribute or a string):
    a name `getattr` is handed at run time (`__getattr__` delegating to `self.env`) comes from
    the attributes the program reads or the strings it holds, so without one it changes nothing.
    A dunder read as an attribute (`super().__init__(...)`) is never looked up through
    `__getattr__`; names listed by reflection (`dir`, `vars`, `__dict__`, `getmembers`) count as
    every name."""
    # (from the module's indexes of attributes and names by what they spell, and of constants:
    # an `ast.walk` of the whole module before)
    attributes, names = attributes_by_name(tree), names_by_id(tree)
    return any(attr in attributes for attr in CHANGERS if attr not in _CHANGING_DUNDERS) \
        or any(attr in attributes or attr in names for attr in _REFLECTION) \
        or any(type(node.value) is str and node.value in CHANGERS for node in nodes_of_type(tree, ast.Constant))


def _class_slot(parent: ast.AST | None, parents: dict) -> bool:
    """`__setattr__ = dict.__setitem__` directly in a class body: a dunder of the class."""
    return type(parent) is ast.Assign and type(parents.get(id(parent))) is ast.ClassDef and all(
        type(target) is ast.Name and target.id.startswith("__") and target.id.endswith("__") for target in parent.targets)


def reached_mutators(tree: ast.Module) -> set[str]:
    """Module names (alias keys) whose object a changing method reached as a value may change;
    cached on the tree."""
    cached = tree.__dict__.get("_shardfix_reached_mutators")
    if cached is not None:
        return cached
    parents = module_parents(tree)
    methods = {member.name for cls in nodes_of_type(tree, ast.ClassDef) for member in cls.body
               if type(member) in (ast.FunctionDef, ast.AsyncFunctionDef)}
    found: set[str] = set()
    for node in nodes_of_type(tree, ast.Attribute):
        if node.attr not in CHANGERS or not isinstance(node.ctx, ast.Load):
            continue
        parent = parents.get(id(node))
        called = type(parent) is ast.Call and parent.func is node
        if called and node.attr not in _CHANGING_DUNDERS:
            continue  # `AXES.pop()`: mutation.py's own reading
        if called and type(node.value) is ast.Name and node.value.id in ("type", "object", "super"):
            continue
        if called and parent.args and type(parent.args[0]) is ast.Name and parent.args[0].id in ("self", "cls") \
                and node.value is not parent.args[0] and not (type(node.value) is ast.Name and node.value.id in _TYPES):
            continue  # `Base.__init__(self, ...)`: a class's method, called on the instance
        if type(node.value) is ast.Name and node.value.id in ("self", "cls") and node.attr in methods:
            continue  # `self.update` of a class defining `update`: that method, not dict.update
        if called and type(node.value) is ast.Name and node.value.id in _TYPES:
            key = alias_key(parent.args[0]) if parent.args else None  # `list.__init__(AXES, [...])`
        elif type(node.value) is ast.Name and node.value.id in _TYPES and _class_slot(parent, parents):
            continue  # `__setattr__ = dict.__setitem__` in a class body: its instances' attribute stores, read as such
        elif type(node.value) is ast.Name and node.value.id in _TYPES:
            key = None  # (`map(list.pop, ...)`: the objects handed to it are caught below)
            found |= _module_names(tree)
        else:
            key = alias_key(node.value)
        if key is not None:
            found.add(key)
    by_callee = calls_by_callee(tree)
    named = _names_changers(tree)
    for call in by_callee.get("getattr", ()):
        if type(call.func) is ast.Name and len(call.args) >= 2 and _changing_name(call.args[1]) \
                and (named or type(call.args[1]) is ast.Constant):
            key = alias_key(call.args[0])
            if key is not None:
                found.add(key)
    if any(not call.args or _changing_name(call.args[0]) or type(call.args[0]) is ast.Starred
           for name in _FETCHERS for call in by_callee.get(name, ()) if last_name(call.func) == name):
        found |= _module_names(tree)
    tree._shardfix_reached_mutators = found
    return found
