"""`__init__` run again on an object already built (classes.Classes._field_changers).

`p.__init__(("i",))`, `Plan.__init__(p, ("i",))` or a `reset` method calling `self.__init__(...)`
stores the fields anew: what the construction gave is then not what the object holds. Every read
of an `__init__` attribute is taken as such a change (any field of any object may be changed),
except where no object already built is initialised again:
- in a class's own `__init__`, `super().__init__(...)` (or `super(C, self)`), `Base.__init__(self, ...)`
  of a base the class statement names, and `object.__init__(self)`: the object being built is
  handed on to the initialisers of its bases;
- `inspect.signature(C.__init__)` and the like, which read the function without calling it;
- a store (`cls.__init__ = wrapped`), and in the function making it (a gin- or attrs-style class
  decorator) the reads of the same receiver's `__init__` that are not called there
  (`init = cls.__init__`, `functools.partialmethod(cls.__init__, ...)`) and its `__init__` names
  (the def that becomes the initialiser): the class's initialiser is wrapped for the
  constructions to come (init_wrappers.py), no object is initialised again.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, attributes_by_name, iter_nodes, nodes_of_type, positional_params

_READERS = frozenset({"signature", "getfullargspec", "getargspec", "getdoc", "getsource", "getsourcelines",
                      "getmodule", "get_type_hints", "getsourcefile", "getfile"})


def construction_inits(tree: ast.Module) -> frozenset[int]:
    """Ids of the `__init__` attributes of `tree` that run no initialiser on a built object."""
    cache = tree.__dict__
    if "_shardfix_construction_inits" not in cache:
        # The few node kinds that matter, from the module's indexes (two walks of the whole module
        # and one of each def were most of a check's time here on a large test file).
        found: set[int] = set()
        for cls in nodes_of_type(tree, ast.ClassDef):
            bases = {ast.dump(base) for base in cls.bases} | {ast.dump(ast.Name("object", ast.Load()))}
            for member in cls.body:
                params = positional_params(member.args) if isinstance(member, DEFS) and member.name == "__init__" else []
                if params:
                    found.update(_chained(member, params[0].arg, bases))
        inits = attributes_by_name(tree).get("__init__", ())
        if inits:  # (an argument of a reader is an `__init__` attribute)
            for node in nodes_of_type(tree, ast.Call):
                if _last(node.func) in _READERS:
                    found.update(id(arg) for arg in node.args if type(arg) is ast.Attribute and arg.attr == "__init__")
        found.update(id(node) for node in inits if type(node.ctx) is not ast.Load)
        # A def yields only around a store of a name's `__init__`, which the module then holds.
        if any(type(node.ctx) is ast.Store and type(node.value) is ast.Name for node in inits):
            for kind in DEFS:
                for node in nodes_of_type(tree, kind):
                    found.update(_wrapping(node))
        cache["_shardfix_construction_inits"] = frozenset(found)
    return cache["_shardfix_construction_inits"]


def _chained(init: ast.FunctionDef, me: str, bases: set[str]):
    """The `__init__` attributes of the calls in `init` that hand the object being built to a
    base's initialiser."""
    for node in iter_nodes(init, prune=lambda inner: isinstance(inner, (*DEFS, ast.ClassDef, ast.Lambda))):
        if type(node) is not ast.Call or type(node.func) is not ast.Attribute or node.func.attr != "__init__":
            continue
        owner = node.func.value
        if _super(owner, me) or ast.dump(owner) in bases and node.args and type(node.args[0]) is ast.Name \
                and node.args[0].id == me:
            yield id(node.func)


def _super(expr: ast.expr, me: str) -> bool:
    """`super()` or `super(C, me)`."""
    if type(expr) is not ast.Call or type(expr.func) is not ast.Name or expr.func.id != "super" or expr.keywords:
        return False
    return not expr.args or len(expr.args) == 2 and type(expr.args[1]) is ast.Name and expr.args[1].id == me


def _last(func: ast.expr) -> str | None:
    return func.attr if type(func) is ast.Attribute else func.id if type(func) is ast.Name else None


def _wrapping(function: ast.FunctionDef):
    """In a function storing `X.__init__ = ...` (X a name), the uncalled reads of `X.__init__`
    and the `__init__` names."""
    nodes = list(iter_nodes(function))
    receivers = {node.value.id for node in nodes if type(node) is ast.Attribute and node.attr == "__init__"
                 and type(node.ctx) is ast.Store and type(node.value) is ast.Name}
    if not receivers:
        return
    called = {id(node.func) for node in nodes if type(node) is ast.Call}
    for node in nodes:
        if type(node) is ast.Attribute and node.attr == "__init__" and type(node.value) is ast.Name \
                and node.value.id in receivers and id(node) not in called:
            yield id(node)
        elif type(node) is ast.Name and node.id == "__init__":
            yield id(node)
