"""Closure cells a nested function changes in place: `def make(): state = {...}; def put(a):
state["axes"] = a; return get, put`. Once `make` has returned, its cells outlive the run that
made them, and whoever holds `put` (an importer, a callback) may change them at any time the
analysis does not see; a read of such a cell through a closure is then not the value the maker
left (found by adversarial28). The same holds for a cell whose object leaves the maker by any
other road: returned beside the function (`return get, state`), nested in a result, stored in a
module table or a field, handed to a call that may keep or change it (a module function or class
is followed: one that only reads its parameter keeps nothing), returned by a made function,
given out as a bound method (`state.__setitem__`, `functools.partial(state.__setitem__,
"axes")`), or inside the dict `locals()` gives; a caller may change it before a body reads it
through the maker's getter (the analysis's values are not shared objects, so the caller's store
never reaches the maker's frame). A cell rebound by `nonlocal` is handled with the module's
rebound names (module_writes.py). A module that reaches cells or frames without naming the
variable (`get.__closure__[0].cell_contents`, `sys._getframe().f_locals`: introspection_roads.py)
leaves every maker's cell unknown (adversarial32)."""
from __future__ import annotations

import ast

from codemods.analysis.enum_values import MemberTable
from codemods.analysis.introspection_roads import introspects
from codemods.analysis.mutation import MUTATORS
from codemods.analysis.nodes import iter_nodes, module_parents
from codemods.analysis.sequence_kinds import TUPLE, TupleItems
from codemods.analysis.values import Const, DictValue, TupleValue, Value

_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
# Methods of a set that change it (the list and dict ones are mutation.MUTATORS).
_SET_CHANGERS = frozenset({"add", "discard", "difference_update", "intersection_update",
                           "symmetric_difference_update"})


# Builtins that look at an object and keep nothing of it.
_LOOKERS = frozenset({"len", "isinstance", "bool", "repr", "str", "print", "hash", "id", "type", "callable",
                      "format", "issubclass"})
# Builtins whose result holds the object's items (not the object): its parts go on.
_COPIERS = frozenset({"tuple", "list", "sorted", "set", "frozenset", "dict", "reversed", "enumerate", "iter",
                      "next", "min", "max"})
# Builtins that hand out the frame's own variables: `locals()`, `vars()`.
_FRAME_READERS = frozenset({"locals", "vars"})
_WHOLE, _PART = 2, 1
_MAX_HANDED = 4  # helpers followed, one handing to the next


def changed_later(scope, function: ast.AST, name: str, held: Value) -> bool:
    """The object `held` of `function`'s variable `name` (a maker that returned) may be changed
    in place after the run that made it: a function it made changes it, or it, or a part of it
    that can change, leaves the maker."""
    from codemods.analysis.mutation import containers

    if introspects(scope.tree):
        return True  # (a cell rebound or changed through the function object or an escaped frame)
    if containers(held) and cell_changed(scope, function, name, held):
        return True
    leaves = _escapes(scope, function, name)
    return bool(leaves & _WHOLE and (_changeable(held) or _changeable_parts(held))
                or leaves & _PART and _changeable_parts(held))


def _changeable(value: object) -> bool:
    """A dict or list (or a sequence whose kind was not kept), as Python would change in place."""
    if isinstance(value, (DictValue, MemberTable)):
        return True
    if isinstance(value, TupleValue):
        return value.kind != TUPLE
    payload = value.value if isinstance(value, Const) else value
    return isinstance(payload, (list, dict, set)) or isinstance(payload, tuple) and type(payload) is not TupleItems


def _changeable_parts(value: object) -> bool:
    if isinstance(value, (DictValue, MemberTable, TupleValue)):
        items = value.items
    else:
        payload = value.value if isinstance(value, Const) else value
        items = payload if isinstance(payload, (tuple, list)) else payload.values() if isinstance(payload, dict) else ()
    return any(_changeable(item) or _changeable_parts(item) for item in items)


def _escapes(scope, function: ast.AST, name: str, owned: bool = True, depth: int = 0) -> int:
    """How `function`'s variable `name` may leave it, read in `function` and the functions
    nested in it: _WHOLE (the object itself: returned, stored, handed to a call that may keep it,
    a bound method of it given out), _PART (an item of it: returned by a getter, iterated), both
    or neither. `owned`: the maker itself, whose own stores the run follows; otherwise a helper
    the object is handed to, where a store counts as leaving (the caller's value is not changed
    by the run). Cached on the function."""
    cache = function.__dict__.setdefault("_shardfix_escaped_cells", {})
    key = (name, owned)
    if key not in cache:
        if depth > _MAX_HANDED:
            return _WHOLE
        cache[key] = _WHOLE  # (a helper handing it back to itself: as leaving)
        parents = module_parents(scope.tree)
        found = 0
        for node in iter_nodes(function):
            if type(node) is ast.Name and node.id == name and isinstance(node.ctx, ast.Load) \
                    and not _shadowed(scope, parents, function, node, name):
                found |= _leaves(scope, parents, node, owned, depth)
            elif type(node) is ast.Call and type(node.func) is ast.Name and node.func.id in _FRAME_READERS \
                    and not node.args and not node.keywords:
                found |= _WHOLE  # `return get, locals()`: every local leaves with the dict
        cache[key] = found
    return cache[key]


def _shadowed(scope, parents: dict, function: ast.AST, node: ast.AST, name: str) -> bool:
    """`node` reads a variable of a function nested in `function` that binds `name` itself."""
    inner = parents.get(id(node))
    while inner is not None and inner is not function:
        if isinstance(inner, _DEFS) and type(inner) is not ast.Lambda and scope.locals_of(inner).binds(name) \
                and not any(type(each) is ast.Nonlocal and name in each.names for each in iter_nodes(inner)):
            return True
        inner = parents.get(id(inner))
    return False


def _leaves(scope, parents: dict, node: ast.Name, owned: bool, depth: int) -> int:
    """What one read of the object hands on (see _escapes)."""
    used, parent, whole = node, parents.get(id(node)), True
    while True:
        if isinstance(parent, (ast.Subscript, ast.Attribute)) and parent.value is used:
            if not isinstance(parent.ctx, ast.Load):
                return 0 if owned else _WHOLE  # a store into it: the maker's own run, or cell_changed
            if type(parent) is ast.Attribute:
                call = parents.get(id(parent))
                if type(call) is not ast.Call or call.func is not parent:
                    return _WHOLE if whole else _PART  # `state.__setitem__` given out, or a part's
                if not owned and parent.attr in MUTATORS | _SET_CHANGERS:
                    return _WHOLE  # a helper changing what it was handed
                parent = call  # `state.get("axes")`: its result may be a part
            used, parent, whole = parent, parents.get(id(parent)), False
            continue
        if type(parent) is ast.Call and used in parent.args and type(parent.func) is ast.Name \
                and parent.func.id in _COPIERS and not parent.keywords or type(parent) is ast.Starred \
                or type(parent) is ast.keyword and parent.arg is None:
            used, parent, whole = parent, parents.get(id(parent)), False
            continue  # `tuple(state)`, `f(*state)`, `f(**state)`: its items go on, not it
        if type(parent) is ast.Dict and any(key is None and value is used for key, value in zip(parent.keys, parent.values)):
            return _PART  # `{**state}`: a new dict of its items
        break
    if type(parent) in (ast.For, ast.AsyncFor, ast.comprehension) and parent.iter is used:
        return _PART
    if type(parent) is ast.Call and used in parent.args and type(parent.func) is ast.Name and parent.func.id in _LOOKERS:
        return 0
    if isinstance(parent, (ast.Compare, ast.Expr, ast.FormattedValue, ast.If, ast.While, ast.Assert, ast.IfExp,
                           ast.BoolOp, ast.UnaryOp)) and (type(parent) is not ast.IfExp or parent.test is used) \
            and (type(parent) is not ast.BoolOp or type(parents.get(id(parent))) in (ast.If, ast.While, ast.Assert)):
        return 0  # `"axes" in state`, `if state:`: read, kept nowhere
    if type(parent) is ast.AugAssign and parent.target is used:
        return 0 if owned else _WHOLE  # `state += [...]` changes it where it is
    handed = _handed(scope, parents, parent, used, depth)
    if handed is not None:  # `build(state)`: what the helper does with its parameter
        return (_WHOLE if whole else _PART) if handed & _WHOLE else _PART if handed else 0
    return _WHOLE if whole else _PART


def _handed(scope, parents: dict, parent: ast.AST, used: ast.expr, depth: int) -> int | None:
    """How a module function (or class, through its `__init__`) called with `used` as an
    argument hands on the parameter it gets (see _escapes); None: not such a call."""
    call = parents.get(id(parent)) if type(parent) is ast.keyword else parent
    if type(call) is not ast.Call or type(call.func) is not ast.Name or call.func is used \
            or any(type(arg) is ast.Starred for arg in call.args) or any(k.arg is None for k in call.keywords):
        return None
    function, skip = _module_callee(scope, parents, call)
    if function is None:
        return None
    args = function.args
    positional = [each.arg for each in [*args.posonlyargs, *args.args]][skip:]
    if type(parent) is ast.keyword:
        names = [each.arg for each in [*args.args, *args.kwonlyargs]][skip:]
        param = parent.arg if parent.arg in names else None
    else:
        index = call.args.index(used)
        param = positional[index] if index < len(positional) else None
    if param is None:
        return None
    return _escapes(scope, function, param, owned=False, depth=depth + 1)


def _module_callee(scope, parents: dict, call: ast.Call) -> tuple[ast.FunctionDef | None, int]:
    """The one undecorated module-level def the call's name stands for, or the `__init__` of
    the one undecorated module-level class (skipping `self`); (None, 0) for anything else."""
    name = call.func.id
    holder = parents.get(id(call))
    while holder is not None:
        if isinstance(holder, _DEFS) and type(holder) is not ast.Lambda and scope.locals_of(holder).binds(name):
            return None, 0  # a local of that name
        holder = parents.get(id(holder))
    found = [each for each in scope.tree.body if isinstance(each, (ast.FunctionDef, ast.ClassDef)) and each.name == name]
    if len(found) != 1 or found[0].decorator_list or any(
            isinstance(each, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Import, ast.ImportFrom))
            and name in _bound_names(each) for each in scope.tree.body):
        return None, 0
    if type(found[0]) is ast.FunctionDef:
        return found[0], 0
    inits = [each for each in found[0].body if type(each) is ast.FunctionDef and each.name == "__init__"]
    if len(inits) != 1 or found[0].bases or found[0].keywords or inits[0].decorator_list:
        return None, 0
    return inits[0], 1


def _bound_names(statement: ast.stmt) -> set[str]:
    if isinstance(statement, (ast.Import, ast.ImportFrom)):
        return {(alias.asname or alias.name).split(".")[0] for alias in statement.names}
    targets = statement.targets if type(statement) is ast.Assign else [statement.target]
    return {each.id for target in targets for each in ast.walk(target) if type(each) is ast.Name}


def cell_changed(scope, function: ast.AST, name: str, held: object) -> bool:
    """A function nested in `function` may change the object `held` of `function`'s variable
    `name` (found by adversarial30): the object itself, where it can change (not a tuple of
    plain values), or an object inside it, where it holds one that can (cell_changes.py)."""
    from codemods.analysis.cell_changes import PART, WHOLE

    kinds = _kinds(scope, function, name)
    return bool(kinds & WHOLE and not _fixed(scope, held)
                or kinds & PART and not all(_fixed(scope, item) for item in _items(held)))


def _kinds(scope, function: ast.AST, name: str) -> int:
    """How the functions nested in `function` may change its variable `name`'s object (cell_changes.py).
    Cached on the function."""
    from codemods.analysis.cell_changes import changes

    cache = function.__dict__.setdefault("_shardfix_cell_changes", {})
    if name not in cache:
        found = 0
        for inner in iter_nodes(function):
            if inner is not function and isinstance(inner, _DEFS) and not _own(scope, inner, name):
                found |= changes(scope, function, inner, name)
        cache[name] = found
    return cache[name]


def _own(scope, inner: ast.AST, name: str) -> bool:
    """`inner` has a variable `name` of its own (its reads are not the cell's)."""
    return type(inner) is not ast.Lambda and scope.locals_of(inner).binds(name) \
        and not any(type(node) is ast.Nonlocal and name in node.names for node in iter_nodes(inner))


def _items(value: object) -> tuple:
    from codemods.analysis.enum_values import MemberTable
    from codemods.analysis.values import UNKNOWN, DictValue, TupleValue

    return value.items if isinstance(value, (TupleValue, DictValue, MemberTable)) else (UNKNOWN,)


def _fixed(scope, value: object, depth: int = 0) -> bool:
    """A value nothing can change in place: a plain constant, an array's state, a function (its
    code; a partial's arguments as made), a tuple or a NamedTuple of those."""
    from codemods.analysis.object_methods import _named_tuple
    from codemods.analysis.sequence_kinds import TUPLE
    from codemods.analysis.values import (UNKNOWN, AxisState, Const, Function, Instance, JaxName, Partial, SpecValue,
                                          Static, TupleValue)

    if isinstance(value, (AxisState, JaxName, SpecValue, Static, Function, Partial)) and value is not UNKNOWN:
        return True
    if isinstance(value, Const):
        return _fixed_payload(scope, value.value, depth)
    if isinstance(value, TupleValue) and value.kind == TUPLE and depth < 10:
        return all(_fixed(scope, item, depth + 1) for item in value.items)
    if type(value) is Instance and value.fields is not None and not value.building and depth < 10 \
            and _named_tuple(scope, value.cls):
        return all(_fixed(scope, item, depth + 1) for _, item in value.fields)
    return False


def _fixed_payload(scope, payload: object, depth: int) -> bool:
    from codemods.analysis.sequence_kinds import TupleItems
    from codemods.analysis.values import Const, TupleValue

    if type(payload) in (bool, int, float, complex, str, bytes, type(None)):
        return True
    return type(payload) is TupleItems and depth < 10 and all(
        _fixed(scope, item, depth + 1) if isinstance(item, (Const, TupleValue)) else _fixed_payload(scope, item, depth + 1)
        for item in payload)
