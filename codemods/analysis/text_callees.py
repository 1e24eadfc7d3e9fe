"""Text calls made under another name (introspection_roads.py; found by adversarial35).

introspection_roads.py knows a text call (one that reads an attribute, a module or code by a text
the program computes) by the function it calls: `getattr(get, "__clo" + "sure__")`. What matters
is the function, not the name the program calls it by: `from builtins import getattr as ga`,
`from operator import attrgetter as ag`, `from inspect import getattr_static as gs` bind a name
to the very same function, so `ga(get, text)` is the text call `getattr` (each import below is
resolved to the function it binds). And where the namespace of a module holding such functions
is handed out (`vars(builtins)["get" + "attr"]`, `builtins.__dict__["getattr"]`, `__builtins__`,
`f(operator)`, `vars(sys.modules[name])`), any of them may be called under any name, with any
text: a road, since which function a call then makes is not known to the guard.
"""
from __future__ import annotations

import ast

# The modules holding a text function, and those functions (checked on CPython 3.11-3.13: each of
# these names is the same object as the builtin or the module function of that name).
HOLDERS = {
    "builtins": frozenset({"getattr", "eval", "exec", "compile", "__import__"}),
    "operator": frozenset({"attrgetter", "methodcaller"}),
    "_operator": frozenset({"attrgetter", "methodcaller"}),
    "inspect": frozenset({"getattr_static"}),
    "importlib": frozenset({"import_module", "__import__"}),
}


def aliases(tree: ast.Module) -> dict[str, str]:
    """name -> the text function an import binds to it (`from builtins import getattr as ga`:
    "ga" -> "getattr")."""
    cached = tree.__dict__.get("_shardfix_text_aliases")
    if cached is None:
        cached = tree.__dict__["_shardfix_text_aliases"] = {
            alias.asname or alias.name: alias.name for node in ast.walk(tree) if type(node) is ast.ImportFrom
            and not node.level and node.module in HOLDERS for alias in node.names if alias.name in HOLDERS[node.module]}
    return cached


def holder_names(tree: ast.Module) -> frozenset[str]:
    """Names an import binds to a module holding text functions (`import builtins as b`)."""
    cached = tree.__dict__.get("_shardfix_text_holders")
    if cached is None:
        cached = tree.__dict__["_shardfix_text_holders"] = frozenset(
            alias.asname or alias.name.split(".")[0] for node in ast.walk(tree) if type(node) is ast.Import
            for alias in node.names if (alias.asname and alias.name in HOLDERS
                                        or not alias.asname and alias.name.split(".")[0] in HOLDERS))
    return cached


def namespace_road(node: ast.AST, parents: dict, holders: frozenset, aliased: bool) -> bool:
    """The namespace of a module holding text functions is handed out (see above): `__builtins__`
    (or the text naming it: `globals()["__builtins__"]`); a name bound to such a module read but as
    the object of a plain attribute (`builtins.getattr` is a text call by its name; `vars(builtins)`,
    `builtins.__dict__`, `f(builtins)`, `b = builtins` are roads); the namespace of a value fetched
    by a key (`vars(sys.modules[name])`, `vars(globals()[text])`: which module it is, is not known).
    `aliased` (an import binds a text function in the module's own namespace): any read of that
    namespace (`globals()`, `vars()`, `locals()`) may fetch it by a text the guard does not see."""
    kind = type(node)
    if kind is ast.Constant:
        return type(node.value) is str and node.value == "__builtins__"
    if kind is ast.Name and type(node.ctx) is ast.Load:
        if node.id == "__builtins__":
            return True
        if node.id in holders:
            parent = parents.get(id(node))
            return type(parent) is not ast.Attribute or parent.value is not node or parent.attr.startswith("__")
        return False
    if kind is ast.Call and type(node.func) is ast.Name and node.func.id in ("globals", "vars", "locals") \
            and not node.args:
        return aliased
    if kind is ast.Call and type(node.func) is ast.Name and node.func.id == "vars" and len(node.args) == 1:
        return _fetched(node.args[0])
    return kind is ast.Attribute and node.attr == "__dict__" and _fetched(node.value)


def _fetched(value: ast.expr) -> bool:
    """`sys.modules[name]`, `sys.modules.get(name)`, `globals()[text]`: a value fetched by a key."""
    return type(value) is ast.Subscript or type(value) is ast.Call and type(value.func) is ast.Attribute \
        and value.func.attr == "get"


def by_value(func: object) -> bool:
    """`func` is a text function whatever name it was reached by: the builtin or module function
    itself (a host run's real object), or the run's stand-in for it (`Special`, `Lib`: by its
    canonical name)."""
    import builtins
    import importlib
    import inspect
    import operator

    real = (builtins.getattr, builtins.eval, builtins.exec, builtins.compile, builtins.__import__,
            importlib.import_module, importlib.__import__, inspect.getattr_static, operator.attrgetter,
            operator.methodcaller)
    if any(func is each for each in real):
        return True
    name = getattr(type(func), "__name__", "")
    if name in ("Special", "Lib") and type(getattr(func, "name", None)) is str:
        module, _, last = func.name.rpartition(".")
        return last in HOLDERS.get(module, ())
    return False
