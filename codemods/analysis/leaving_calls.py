"""Statements that always leave their block, calls of helpers that never return among them
(callers.py, caller_contexts.py; issue 13).

A script ends its job early through a helper: `def finish(code): sys.exit(code)`, `def done():
raise SystemExit(0)`, `def stop(): raise StopJob` (the program's own exception, caught by the
caller's caller). A call of such a helper never returns, so what follows it in its block never
runs, and a call written there passes nothing to the function it calls. A module def never
returns when it is no generator or coroutine, undecorated, holds no `return` (nested defs aside)
and a statement of its top level always leaves. Always leaving:
- `raise` (what it raises is known when it names a builtin exception class or a module class of
  known bases, and the helper's first statement is that raise: an earlier statement could raise
  something else);
- a statement call of `sys.exit`, the site builtins `exit`/`quit` (SystemExit), or of a module
  def that never returns (four calls deep at most);
- `try` whose first statement leaves with a known exception that no handler names (a handler of
  that class, of one of its bases, a bare one or one the run cannot name may catch it), and whose
  `finally` holds no return, break or continue: `try: finish(0) except Exception: pass` still
  leaves, SystemExit being no Exception;
- an `if` whose two branches leave; in a block, also `return`, `break`, `continue`.
A `with` block (whose exit may suppress the exception) or a loop (that may run no round) is not.
"""
from __future__ import annotations

import ast
import builtins

from codemods.analysis.nodes import iter_nodes, nodes_of_type

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_SYSTEM_EXIT = frozenset({"SystemExit", "BaseException"})
_UNKNOWN = frozenset()  # leaves, with an exception not known
JUMPS = (ast.Return, ast.Break, ast.Continue)  # (leave a block without raising)


def leaving_names(scope) -> frozenset[str]:
    """The module defs whose calls never return (by name)."""
    cached = scope.__dict__.get("_leaving_names")
    if cached is None:
        cached = frozenset(name for name in scope.globals.functions
                           if (function := scope.globals.unique_function(name)) is not None
                           and never_returns(scope, function) is not None)
        scope.__dict__["_leaving_names"] = cached
    return cached


def never_returns(scope, function, depth: int = 0) -> frozenset | None:
    """The classes (by name, bases included) of what every call of module def `function` ends
    with (empty when not known), or None when a call may return."""
    if depth > 4 or not isinstance(function, ast.FunctionDef) or function.decorator_list:
        return None
    if may_leave([function], (ast.Return, ast.Yield, ast.YieldFrom, ast.Await)):
        return None
    body = _statements(function.body)
    for index, stmt in enumerate(body):
        kinds = leaves(scope, stmt, (function,), depth + 1)
        if kinds is not None:
            return kinds if index == 0 else _UNKNOWN
    return None


def leaves(scope, stmt: ast.stmt, scopes: tuple, depth: int = 0) -> frozenset | None:
    """The classes of what `stmt` always leaves its block with (empty: not known), or None."""
    kind = type(stmt)
    if kind is ast.Raise:
        return _raised(scope, stmt.exc, scopes) if stmt.exc is not None else _UNKNOWN
    if kind is ast.Expr and type(stmt.value) is ast.Call:
        call = stmt.value
        plain = all(type(arg) in (ast.Constant, ast.Name) for arg in call.args) and all(
            type(keyword.value) in (ast.Constant, ast.Name) for keyword in call.keywords)
        if type(call.func) is ast.Name and call.func.id in ("exit", "quit") and not _bound(scope, call.func.id, scopes) \
                or scope.resolve(call.func, scopes) == "sys.exit":
            return _SYSTEM_EXIT if plain else _UNKNOWN
        if type(call.func) is ast.Name and depth <= 4:
            helper, outer = scope.lookup_function(call.func.id, scopes)
            if helper is not None and not outer and call.func.id not in scope.volatile:
                kinds = never_returns(scope, helper, depth)
                return None if kinds is None else kinds if plain else _UNKNOWN
        return None
    if kind is ast.Try:
        body = _statements(stmt.body)
        kinds = leaves(scope, body[0], scopes, depth) if body else None
        if not kinds or may_leave(stmt.finalbody):
            return None
        return None if any(_may_catch(scope, handler, kinds, scopes) for handler in stmt.handlers) else kinds
    if kind is ast.If and stmt.orelse:
        if any(leaves(scope, part, scopes, depth) is not None for part in stmt.body) \
                and any(leaves(scope, part, scopes, depth) is not None for part in stmt.orelse):
            return _UNKNOWN
    return None


def unreached(scope, node: ast.AST, parents: dict, scopes: tuple) -> bool:
    """A statement before `node` in a block around it (within its function) always leaves."""
    current = node
    while True:
        parent = parents.get(id(current))
        if parent is None:
            return False
        for field in ("body", "orelse", "finalbody"):
            block = getattr(parent, field, None)
            if type(block) is list and any(item is current for item in block):
                index = next(at for at, item in enumerate(block) if item is current)
                if any(type(stmt) in JUMPS or leaves(scope, stmt, scopes) is not None
                       for stmt in block[:index]):
                    return True
        if isinstance(parent, (*_SCOPES, ast.Module)):
            return False
        current = parent


def may_leave(body: list, kinds: tuple = JUMPS) -> bool:
    """A node of `kinds` in these statements, outside the defs, lambdas and classes in them: the
    block may leave there (where `leaves` asks that it always does)."""
    return any(isinstance(node, kinds) for node in block_nodes(body))


def block_nodes(body: list):
    """The nodes of these statements but those inside their defs, lambdas and classes (which run
    elsewhere; a def that is one of the statements is walked whole, erring toward `may_leave`)."""
    return (node for stmt in body for node in iter_nodes(stmt, lambda inner: isinstance(inner, _SCOPES)))


def _statements(body: list) -> list:
    """A block without its docstring."""
    if body and type(body[0]) is ast.Expr and type(body[0].value) is ast.Constant and type(body[0].value.value) is str:
        return body[1:]
    return body


def _bound(scope, name: str, scopes: tuple) -> bool:
    return scope.globals.binds(name) or name in scope.volatile or any(scope.locals_of(f).binds(name) for f in scopes)


def _raised(scope, exc: ast.expr, scopes: tuple) -> frozenset:
    target = exc.func if type(exc) is ast.Call else exc
    plain = type(exc) is not ast.Call or all(type(arg) in (ast.Constant, ast.Name) for arg in exc.args) and not exc.keywords
    if type(target) is not ast.Name or not plain:
        return _UNKNOWN
    return _class_names(scope, target.id, scopes, 0) or _UNKNOWN


def _class_names(scope, name: str, scopes: tuple, depth: int) -> frozenset:
    """`name` and its bases' names, for a builtin exception class or a module class whose bases
    are such; empty when not known."""
    if depth > 8 or any(scope.locals_of(f).binds(name) for f in scopes) or name in scope.volatile:
        return _UNKNOWN
    if not scope.globals.binds(name):
        found = getattr(builtins, name, None)
        if isinstance(found, type) and issubclass(found, BaseException):
            return frozenset(kind.__name__ for kind in found.__mro__ if kind is not object)
        return _UNKNOWN
    defined = [stmt for stmt in scope.tree.body if type(stmt) is ast.ClassDef and stmt.name == name]
    bound = scope.globals
    if len(defined) != 1 or name in bound.functions or name in bound.values or name in bound.imports:
        return _UNKNOWN
    cls = defined[0]
    if cls.keywords or cls.decorator_list or not cls.bases or any(
            stmt.name == name for stmt in nodes_of_type(scope.tree, ast.ClassDef) if stmt is not cls):
        return _UNKNOWN
    names = {name}
    for base in cls.bases:
        found = _class_names(scope, base.id, (), depth + 1) if type(base) is ast.Name else _UNKNOWN
        if not found:
            return _UNKNOWN
        names |= found
    return frozenset(names)


def _may_catch(scope, handler: ast.ExceptHandler, kinds: frozenset, scopes: tuple) -> bool:
    if handler.type is None:
        return True
    named = handler.type.elts if type(handler.type) is ast.Tuple else [handler.type]
    for one in named:
        if type(one) is not ast.Name:
            return True
        if one.id in kinds or not _class_names(scope, one.id, scopes, 0):
            return True  # (that class or a base; or one not known)
    return False
