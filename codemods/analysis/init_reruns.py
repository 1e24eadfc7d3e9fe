"""`__init__` run again on an object already built (classes.Classes._field_changers).

`p.__init__(("i",))`, `Plan.__init__(p, ("i",))` or a `reset` method calling `self.__init__(...)`
stores the fields anew: what the construction gave is then not what the object holds. Every read
of an `__init__` attribute is taken as such a change (any field of any object may be changed),
except where no object already built is initialised again:
- in a class's own `__init__`, `super().__init__(...)` (or `super(C, self)`), `Base.__init__(self, ...)`
  of a base the class statement names, and `object.__init__(self)`: the object being built is
  handed on to the initialisers of its bases;
- in a class's own `__init__` that never rebinds its first parameter (`self = target` makes it
  another object);
- `inspect.signature(C.__init__)` and the like (`typing.get_type_hints`), spelled through the
  module's imports of `inspect` / `typing`, which read the function without calling it (a def of
  the file by such a name may call it);
- a store (`cls.__init__ = wrapped`), and in the function making it (a gin- or attrs-style class
  decorator) the reads of the same receiver's `__init__` that are not called there and go into
  the new initialiser (`init = cls.__init__` read only there, `functools.partialmethod(cls.__init__,
  ...)` stored) and its `__init__` names (the def that becomes the initialiser): the class's
  initialiser is wrapped for the constructions to come (init_wrappers.py), no object is
  initialised again (but `init(PLAN, ...)` or `partial(init, PLAN)` beside it; adversarial27 R).
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, attributes_by_name, iter_nodes, nodes_of_type, positional_params, stored_of_type

_READERS = frozenset({"signature", "getfullargspec", "getargspec", "getdoc", "getsource", "getsourcelines",
                      "getmodule", "get_type_hints", "getsourcefile", "getfile"})
_READER_MODULES = frozenset({"inspect", "typing"})


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
            readers = _reader_spellings(tree)
            for node in nodes_of_type(tree, ast.Call):
                if _reader(node.func, readers):
                    found.update(id(arg) for arg in node.args if type(arg) is ast.Attribute and arg.attr == "__init__")
        found.update(id(node) for node in inits if type(node.ctx) is not ast.Load)
        # A def yields only around a store of a name's `__init__`, which the module then holds.
        if any(type(node.ctx) is ast.Store and type(node.value) is ast.Name for node in inits):
            for kind in DEFS:
                for node in nodes_of_type(tree, kind):
                    found.update(_wrapping(node))
        cache["_shardfix_construction_inits"] = frozenset(found)
    return cache["_shardfix_construction_inits"]


def _reader_spellings(tree: ast.Module) -> tuple[set[str], set[str]]:
    """The names the module binds to `inspect` / `typing` by import, and those it binds to their
    readers by `from inspect import signature` (a def, class or store of that name elsewhere in
    the module may be anything: a file's own `def signature(init): init(PLAN)` calls what it gets)."""
    modules: set[str] = set()
    readers: set[str] = set()
    for node in nodes_of_type(tree, ast.Import):
        modules.update(alias.asname or alias.name for alias in node.names if alias.name in _READER_MODULES)
    for node in nodes_of_type(tree, ast.ImportFrom):
        if node.module in _READER_MODULES and not node.level:
            readers.update(alias.asname or alias.name for alias in node.names if alias.name in _READERS)
    rebound = {node.name for kind in (*DEFS, ast.ClassDef) for node in nodes_of_type(tree, kind)}
    rebound.update(node.id for node in stored_of_type(tree, ast.Name))
    rebound.update(node.arg for node in nodes_of_type(tree, ast.arg))
    return modules - rebound, readers - rebound


def _reader(func: ast.expr, spellings: tuple[set[str], set[str]]) -> bool:
    """`func` is `inspect.signature` (or another reader of `_READERS`) through the module's imports."""
    modules, readers = spellings
    if type(func) is ast.Attribute:
        return func.attr in _READERS and type(func.value) is ast.Name and func.value.id in modules
    return type(func) is ast.Name and func.id in readers


def _chained(init: ast.FunctionDef, me: str, bases: set[str]):
    """The `__init__` attributes of the calls in `init` that hand the object being built to a
    base's initialiser (never when `init` rebinds `me`: `self = target` makes it another object)."""
    if any(type(node) is ast.Name and node.id == me and type(node.ctx) is not ast.Load for node in iter_nodes(init)):
        return
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


def _wrapping(function: ast.FunctionDef):
    """In a function storing `X.__init__ = ...` (X a name), the uncalled reads of `X.__init__`
    and the `__init__` names. A read counts only where it goes into the new initialiser: in the
    stored value, a decorator, a def the stored value names (or one named `__init__`), or saved
    in a name used only there (`init = cls.__init__`; `init(PLAN, ...)` or
    `partial(init, PLAN)` elsewhere in the function runs it on a built object)."""
    nodes = list(iter_nodes(function))
    stores = [node for node in nodes if type(node) is ast.Assign and any(
        type(target) is ast.Attribute and target.attr == "__init__" and type(target.ctx) is ast.Store
        and type(target.value) is ast.Name for target in node.targets)]
    receivers = {target.value.id for node in stores for target in node.targets if type(target) is ast.Attribute}
    if not receivers:
        return
    wrapped = {name.id for node in stores for name in iter_nodes(node.value) if type(name) is ast.Name} | {"__init__"}
    inside: set[int] = set()  # (nodes that make the new initialiser)
    for node in stores:
        inside.update(id(inner) for inner in iter_nodes(node.value))
    for node in nodes:
        if isinstance(node, DEFS) and node is not function:
            for root in ([node] if node.name in wrapped else node.decorator_list):
                inside.update(id(inner) for inner in iter_nodes(root))
    outside = [node for node in nodes if id(node) not in inside]
    called = {id(node.func) for node in nodes if type(node) is ast.Call}
    for node in nodes:
        if type(node) is ast.Attribute and node.attr == "__init__" and type(node.value) is ast.Name \
                and node.value.id in receivers and id(node) not in called and type(node.ctx) is ast.Load \
                and (id(node) in inside or _saved_for_wrapping(node, nodes, outside)):
            yield id(node)
        elif type(node) is ast.Name and node.id == "__init__":
            yield id(node)


def _saved_for_wrapping(read: ast.Attribute, nodes: list, outside: list) -> bool:
    """`read` is the value of `name = X.__init__` and `name` is read only where the new
    initialiser is made."""
    saved = next((node.targets[0].id for node in nodes if type(node) is ast.Assign and node.value is read
                  and len(node.targets) == 1 and type(node.targets[0]) is ast.Name), None)
    return saved is not None and not any(type(node) is ast.Name and node.id == saved and type(node.ctx) is ast.Load
                                         for node in outside)
