"""Which parameters of an `__init__` may hold a changed object by the time a store reads them
(issue 13).

`Classes._init_frame` reads `self.sync_axes = tuple(cfg["sync_axes"])` with `cfg` the object
the construction passes, unless that object may change before the store runs. By name alone, any
`cfg[key] = ...` of the module counts (a loader's own local `cfg`, filled before the object is
ever handed over, included). Only code that runs during the construction can change the object
after the call handed it over: the `__init__` itself and what it calls. So when every call the
`__init__` makes is one that changes nothing of the module's (a builtin, a function of an
imported library, a non-mutating method of a str, dict or list that no module class defines) and
it changes no object in place itself, it finds its parameters as they were handed over; otherwise
any name the module changes may hold a changed object.
"""
from __future__ import annotations

import ast

from codemods.analysis.mutation import MUTATORS, mutated_names
from codemods.analysis.nodes import iter_nodes

_BUILTINS = frozenset({"tuple", "list", "dict", "set", "frozenset", "int", "float", "str", "bool", "len", "sorted",
                       "min", "max", "sum", "abs", "round", "range", "zip", "enumerate", "isinstance", "reversed"})
_READERS = frozenset({"get", "items", "keys", "values", "split", "rsplit", "strip", "lower", "upper", "partition",
                      "index", "count", "startswith", "endswith", "replace", "join", "format"})


def changed_in_init(scope, init: ast.FunctionDef) -> frozenset[str]:
    """Every name the module changes in place, unless the `__init__` changes nothing in place
    itself (through any alias) and makes only harmless calls: then none."""
    popped = own_keyword_pops(init)
    for node in iter_nodes(init):
        if type(node) is ast.Call and id(node) not in popped and not _harmless(scope, node) \
                or type(node) is ast.Subscript and type(node.ctx) in (ast.Store, ast.Del) \
                or type(node) is ast.AugAssign and type(node.target) is not ast.Name:
            return mutated_names(scope.tree)
    return frozenset()


def _harmless(scope, call: ast.Call) -> bool:
    func = call.func
    if type(func) is ast.Name:
        return func.id in _BUILTINS and not scope.globals.binds(func.id) and func.id not in scope.imports.bindings
    if type(func) is not ast.Attribute:
        return False
    root = func.value
    while type(root) is ast.Attribute:
        root = root.value
    if type(root) is ast.Name and scope.imports.bindings.get(root.id) and not scope.globals.binds(root.id):
        return True  # `jax.lax.psum`, `json.loads`: library code, which holds none of the module's objects
    return func.attr in _READERS and func.attr not in MUTATORS and not any(
        type(member) in (ast.FunctionDef, ast.AsyncFunctionDef) and member.name == func.attr
        for cls in scope.classes.values() for member in cls.body)


def own_keyword_pops(init: ast.FunctionDef) -> frozenset[int]:
    """The `kwargs.pop("key")` / `kwargs.pop("key", default)` calls of `__init__`'s own
    `**kwargs` (a dict made for this call: no other object changes), when they can be read in
    the order of the field stores (Classes.construct evaluates each top-level `self.attr = ...`
    in turn, each pop leaving the rest, dict_changes.py): every use of the name lies in a
    top-level store of one field, the keys are distinct constants, and a read of the dict itself
    (`self.extra = kwargs`, which would see later pops) comes after the last pop. Else none."""
    kwarg = init.args.kwarg
    if kwarg is None:
        return frozenset()
    name, receiver = kwarg.arg, init.args.args[0].arg if init.args.args else None
    pops: set[int] = set()
    keys: set[str] = set()
    read_at = None
    for index, stmt in enumerate(init.body):
        uses = [node for node in iter_nodes(stmt) if type(node) is ast.Name and node.id == name]
        if not uses:
            continue
        if not (type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Attribute
                and type(stmt.targets[0].value) is ast.Name and stmt.targets[0].value.id == receiver) \
                or any(type(node) in _SCOPES for node in iter_nodes(stmt.value)):
            return frozenset()
        calls = {id(node.func.value): node for node in iter_nodes(stmt.value) if type(node) is ast.Call
                 and type(node.func) is ast.Attribute and type(node.func.value) is ast.Name and node.func.value.id == name}
        for use in uses:
            call = calls.get(id(use))
            if call is not None and call.func.attr == "pop" and 1 <= len(call.args) <= 2 and not call.keywords \
                    and type(call.args[0]) is ast.Constant and type(call.args[0].value) is str:
                if call.args[0].value in keys or read_at is not None:
                    return frozenset()
                keys.add(call.args[0].value)
                pops.add(id(call))
            elif call is not None and call.func.attr == "get":
                continue  # an item read, no alias of the dict
            else:
                read_at = index
    return frozenset(pops)


_SCOPES = (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.NamedExpr)
