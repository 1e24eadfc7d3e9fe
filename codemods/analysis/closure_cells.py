"""Closure cells a nested function changes in place: `def make(): state = {...}; def put(a):
state["axes"] = a; return get, put`. Once `make` has returned, its cells outlive the run that
made them, and whoever holds `put` (an importer, a callback) may change them at any time the
analysis does not see; a read of such a cell through a closure is then not the value the maker
left (found by adversarial28). A cell rebound by `nonlocal` is handled with the module's
rebound names (module_writes.py)."""
from __future__ import annotations

import ast

from codemods.analysis.mutation import MUTATORS
from codemods.analysis.nodes import iter_nodes, module_parents

_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
# Methods of a set that change it (the list and dict ones are mutation.MUTATORS).
_SET_CHANGERS = frozenset({"add", "discard", "difference_update", "intersection_update",
                           "symmetric_difference_update"})


def changed_by_inner(scope, function: ast.AST, name: str) -> bool:
    """Some function nested in `function` changes the object of `function`'s variable `name`
    in place (an item or field store or delete, a changing method, an augmented assignment on an
    item of it), reading it as a free variable. Cached on the function."""
    return bool(_kinds(scope, function, name))


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
