"""Defs whose only effects are on objects they make themselves (script_pytree_nodes.py).

JAX calls a pytree node's flatten and unflatten functions where it walks a tree, more often than
the program can count (jit flattens its arguments four times on jax 0.10.2), so the run may call
them where it walks too only when a call changes nothing the program sees but what it returns. An
expression-only def is such a function (script_pytree_nodes.py); so is the unflatten an
Equinox-like `Module` base writes, which makes a bare instance and fills its fields past the frozen
class's `__setattr__`:

    def unflatten(aux, children):
        m = object.__new__(cls)
        for n, v in zip(dynamic, children):
            object.__setattr__(m, n, v)
        return m

Read here: a def whose statements bind local names only (no `global`/`nonlocal`), loop and branch,
write attributes only with `object.__setattr__(x, ...)` or `setattr(x, ...)` of a local `x` that
every binding in the def makes with `object.__new__(...)`, and return; and whose only calls are
those and builtins that change nothing (`zip`, `tuple`, `getattr`, ...), none of whose names the
module binds (a module's own `zip` could do anything).
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import body_nodes

_QUIET = frozenset({"zip", "tuple", "list", "dict", "getattr", "len", "range", "enumerate", "isinstance", "type"})
_NAMES = _QUIET | {"object", "setattr"}


def fills_what_it_makes(node: ast.FunctionDef, module: ast.Module) -> bool:
    """The def only binds locals, loops, branches, writes attributes of objects it allocated with
    `object.__new__` and returns (see the module's docstring)."""
    if node.decorator_list or any(type(inner) in (ast.Global, ast.Nonlocal, ast.Yield, ast.YieldFrom, ast.Await,
                                                  ast.NamedExpr) for inner in body_nodes(node)):
        return False
    made = _allocated_locals(node)
    calls = [inner for inner in body_nodes(node) if type(inner) is ast.Call]
    if not all(_quiet_call(call) or _fills(call, made) for call in calls) or _rebound(module):
        return False
    return _statements(node.body, made)


def _quiet_call(call: ast.Call) -> bool:
    func = call.func
    return type(func) is ast.Name and func.id in _QUIET or _is_allocation(call)


def _rebound(module: ast.Module) -> bool:
    """Does the module bind (anywhere) a name the reading above takes for a builtin?"""
    for inner in ast.walk(module):
        if type(inner) is ast.Name and type(inner.ctx) is not ast.Load and inner.id in _NAMES \
                or type(inner) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef) and inner.name in _NAMES \
                or type(inner) is ast.alias and (inner.asname or inner.name).split(".")[0] in _NAMES \
                or type(inner) is ast.arg and inner.arg in _NAMES:
            return True
    return False


def _allocated_locals(node: ast.FunctionDef) -> frozenset:
    """The local names (not parameters) every binding of which is `x = object.__new__(...)`."""
    targets = {id(inner.targets[0]) for inner in body_nodes(node) if type(inner) is ast.Assign
               and len(inner.targets) == 1 and type(inner.targets[0]) is ast.Name and _is_allocation(inner.value)}
    allocated, other = set(), {arg.arg for arg in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)}
    other |= {arg.arg for arg in (node.args.vararg, node.args.kwarg) if arg is not None}
    for inner in body_nodes(node):
        if type(inner) is ast.Name and type(inner.ctx) is not ast.Load:
            (allocated if id(inner) in targets else other).add(inner.id)
    return frozenset(allocated - other)


def _is_allocation(value: ast.expr) -> bool:
    return type(value) is ast.Call and type(value.func) is ast.Attribute and value.func.attr == "__new__" \
        and type(value.func.value) is ast.Name and value.func.value.id == "object"


def _statements(body: list, made: frozenset) -> bool:
    return all(_statement(statement, made) for statement in body)


def _statement(statement: ast.stmt, made: frozenset) -> bool:
    kind = type(statement)
    if kind is ast.Return or kind is ast.Pass:
        return True
    if kind is ast.Expr:
        return type(statement.value) is ast.Constant or _fills(statement.value, made)
    if kind is ast.Assign:
        return all(_local_target(target) for target in statement.targets)
    if kind is ast.For:
        return _local_target(statement.target) and _statements(statement.body, made) and _statements(statement.orelse, made)
    if kind is ast.If:
        return _statements(statement.body, made) and _statements(statement.orelse, made)
    return False


def _local_target(target: ast.expr) -> bool:
    if type(target) is ast.Name:
        return True
    return type(target) in (ast.Tuple, ast.List) and all(_local_target(item) for item in target.elts)


def _fills(call: ast.expr, made: frozenset) -> bool:
    """`object.__setattr__(x, name, value)` or `setattr(x, name, value)` of an allocated local."""
    if type(call) is not ast.Call or len(call.args) != 3 or call.keywords \
            or type(call.args[0]) is not ast.Name or call.args[0].id not in made:
        return False
    func = call.func
    return type(func) is ast.Name and func.id == "setattr" or type(func) is ast.Attribute and func.attr == "__setattr__" \
        and type(func.value) is ast.Name and func.value.id == "object"
