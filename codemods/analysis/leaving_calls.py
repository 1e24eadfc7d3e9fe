"""Statements that always leave their block, calls of helpers that never return among them
(callers.py, caller_contexts.py; issue 13).

A script ends its job early through a helper: `def finish(code): sys.exit(code)`, `def done():
raise SystemExit(0)`, `def stop(): raise StopJob` (the program's own exception, caught by the
caller's caller). A call of such a helper never returns, so what follows it in its block never
runs, and a call written there passes nothing to the function it calls. A module def never
returns when it is no generator or coroutine, undecorated (or under `functools.cache` /
`lru_cache`, which run it on every call that raises), holds no `return` (nested defs aside) and a
statement of its top level always leaves. Always leaving:
- `raise` (what it raises is known when it names a builtin exception class or a module class of
  known bases, and the helper's first statement is that raise: an earlier statement could raise
  something else);
- a statement call of `sys.exit`, the site builtins `exit`/`quit` (SystemExit), or of a module
  def that never returns (four calls deep at most); of a module name bound once to a lambda whose
  body is such a call, or to `functools.partial(sys.exit, ...)`; of `Cls().method()` for a module
  class of no base, decorator, `__init__`, `__new__` or `__getattribute__`, whose one plain method
  of that name never returns (and no code sets that attribute on an object). The arguments must
  fit (too many raise TypeError, which a handler may catch where SystemExit passes);
- `try` whose first statement leaves with a known exception that no handler names (a handler of
  that class, of one of its bases, a bare one or one the run cannot name may catch it), and whose
  `finally` holds no return, break or continue: `try: finish(0) except Exception: pass` still
  leaves, SystemExit being no Exception;
- an `if` whose two branches leave, a `match` whose every case leaves and one case of which
  matches anything (`case _:` or a capture, unguarded); in a block, also `return`, `break`,
  `continue`;
- a `with` whose body leaves, when no exit of it can swallow what leaves: a `threading.Lock()` /
  `RLock()` (written there or bound once to a module name), `contextlib.suppress` of known classes
  none of which is the exception's or a base of it (`suppress(ValueError)` around `sys.exit`);
- a loop sure to run its first round, whose body leaves and holds no break or continue:
  `while True:` (a true constant), `for name in range(1)` (constant bounds, not empty) or over a
  non-empty literal of constants.
Any other `with` (whose exit may swallow the exception) or loop (that may run no round) is not: a
wrong "always leaves" would hide the calls after it, so only what is certain counts.
"""
from __future__ import annotations

import ast
import builtins

from codemods.analysis.changed_classes import changed, changed_attributes
from codemods.analysis.maybe_leaving import may_leave_stmt
from codemods.analysis.nodes import all_param_names, iter_nodes, nodes_of_type, positional_params
from codemods.analysis.scopes import bindings_of

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
    if depth > 4 or not isinstance(function, ast.FunctionDef) \
            or not all(_rerunning(scope, decorator) for decorator in function.decorator_list):
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
        return _call_leaves(scope, stmt.value, scopes, depth)
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
    if kind is ast.Match:
        if all(any(leaves(scope, part, scopes, depth) is not None for part in case.body) for case in stmt.cases) \
                and any(case.guard is None and _irrefutable(case.pattern) for case in stmt.cases):
            return _UNKNOWN
        return None
    if kind is ast.With:
        kinds = _block_leaves(scope, stmt.body, scopes, depth)
        if kinds is None or not all(_keeps(scope, item.context_expr, kinds, scopes) for item in stmt.items):
            return None
        return kinds
    if kind in (ast.For, ast.While) and not may_leave(stmt.body, (ast.Break, ast.Continue)) \
            and _first_round(scope, stmt, scopes):
        return _block_leaves(scope, stmt.body, scopes, depth)
    return None


def _call_leaves(scope, call: ast.Call, scopes: tuple, depth: int) -> frozenset | None:
    """The classes of what statement call `call` always leaves with (empty: not known), or None."""
    plain = _plain(call)
    if type(call.func) is ast.Name and call.func.id in ("exit", "quit") and not _bound(scope, call.func.id, scopes) \
            or scope.resolve(call.func, scopes) == "sys.exit":
        return _SYSTEM_EXIT if plain and _fits(call, 0, 1) else _UNKNOWN
    if depth > 4:
        return None
    if type(call.func) is ast.Name:
        name = call.func.id
        helper, outer = scope.lookup_function(name, scopes)
        if type(helper) is ast.Lambda and not outer and name not in scope.volatile:
            return _lambda_leaves(scope, helper, call, depth)  # (`finish = lambda: sys.exit(0)`)
        if helper is not None and not outer and name not in scope.volatile:
            kinds = never_returns(scope, helper, depth)
            if kinds is not None and helper.decorator_list and not all(type(arg) is ast.Constant for arg in call.args):
                return _UNKNOWN  # (a cache hashes the arguments first: a list raises TypeError)
            return None if kinds is None else kinds if plain else _UNKNOWN
        if helper is None and not any(scope.locals_of(f).binds(name) for f in scopes) and name not in scope.volatile:
            value = scope.globals.unique_value(name)
            if type(value) is ast.Call and scope.resolve(value.func) == "functools.partial":
                return _partial_leaves(scope, value, call)
        return None
    if type(call.func) is ast.Attribute and type(call.func.value) is ast.Call:
        method = _plain_method(scope, call.func.value, call.func.attr, scopes)
        if method is not None and _fits(call, *_arity(method.args, 1)):
            kinds = never_returns(scope, method, depth)
            return None if kinds is None else kinds if plain else _UNKNOWN
    return None


def _plain(call: ast.Call) -> bool:
    """Arguments that raise nothing of their own when evaluated (a literal or a name)."""
    return all(type(arg) in (ast.Constant, ast.Name) for arg in call.args) and all(
        keyword.arg is not None and type(keyword.value) in (ast.Constant, ast.Name) for keyword in call.keywords)


def _fits(call: ast.Call, least: int, most: int | None) -> bool:
    """The call passes between `least` and `most` positional arguments and nothing else."""
    count = len(call.args)
    return not call.keywords and not any(type(arg) is ast.Starred for arg in call.args) \
        and count >= least and (most is None or count <= most)


def _arity(args: ast.arguments, skip: int = 0) -> tuple[int, int | None]:
    """How many positional arguments a def or lambda takes, once `skip` are bound (self)."""
    if args.kwonlyargs and len([d for d in args.kw_defaults if d is not None]) < len(args.kwonlyargs):
        return 1, 0  # (a required keyword-only parameter: no positional call fits)
    positional = len(args.posonlyargs) + len(args.args) - skip
    return positional - len(args.defaults), None if args.vararg is not None else positional


def _lambda_leaves(scope, function: ast.Lambda, call: ast.Call, depth: int) -> frozenset | None:
    """`finish = lambda code=0: sys.exit(code)` at module level, then `finish()`."""
    body = function.body
    if type(body) is not ast.Call or not _fits(call, *_arity(function.args)):
        return None
    head = body.func
    while type(head) is ast.Attribute:
        head = head.value
    if type(head) is not ast.Name or head.id in all_param_names(function.args):
        return None  # (the callee is a parameter: what it is depends on the caller)
    kinds = _call_leaves(scope, body, (), depth + 1)
    return None if kinds is None else kinds if _plain(call) else _UNKNOWN


def _partial_leaves(scope, made: ast.Call, call: ast.Call) -> frozenset | None:
    """`FINISH = functools.partial(sys.exit, 0)` at module level, then `FINISH()`."""
    if not made.args or made.keywords or not all(type(arg) in (ast.Constant, ast.Name) for arg in made.args[1:]):
        return None
    target = made.args[0]
    if not (type(target) is ast.Name and target.id in ("exit", "quit") and not _bound(scope, target.id, ())
            or scope.resolve(target) == "sys.exit"):
        return None
    bound = len(made.args) - 1
    if bound > 1 or not _fits(call, 0, 1 - bound):
        return None
    return _SYSTEM_EXIT if _plain(call) else _UNKNOWN


def _plain_method(scope, made: ast.Call, name: str, scopes: tuple):
    """The def that `Cls().name` runs, for a module class built with no arguments whose instances
    hold what its body defines only (no base, metaclass, decorator, constructor or attribute hook)."""
    if type(made.func) is not ast.Name or made.args or made.keywords or _bound_locally(scope, made.func.id, scopes):
        return None
    cls = scope.classes.get(made.func.id)
    if cls is None or cls.bases or cls.keywords or cls.decorator_list or cls.name in scope.volatile \
            or name in scope.stored_attributes or changed(changed_attributes(scope.tree, cls), name):
        return None
    members = bindings_of(cls)
    if any(members.binds(hook) for hook in ("__init__", "__new__", "__getattribute__", "__class__")):
        return None
    method = members.unique_function(name)
    if type(method) is not ast.FunctionDef or method.decorator_list or not positional_params(method.args):
        return None
    return method


def _bound_locally(scope, name: str, scopes: tuple) -> bool:
    return any(scope.locals_of(f).binds(name) for f in scopes)


def _rerunning(scope, decorator: ast.expr) -> bool:
    """A decorator whose wrapper runs the def on every call that raises: `functools.cache`,
    `functools.lru_cache` (bare or given literal arguments; exceptions are not cached)."""
    if type(decorator) is ast.Call:
        if not all(type(arg) is ast.Constant for arg in decorator.args) \
                or not all(type(keyword.value) is ast.Constant for keyword in decorator.keywords):
            return False
        return scope.resolve(decorator.func) == "functools.lru_cache"
    return scope.resolve(decorator) in ("functools.cache", "functools.lru_cache")


def _block_leaves(scope, body: list, scopes: tuple, depth: int) -> frozenset | None:
    """The classes of what a block (a with's, a loop's round) always leaves with: a statement of
    it that always leaves (its classes when it comes first), or None."""
    for index, stmt in enumerate(body):
        if type(stmt) in JUMPS:
            return None  # (leaves without raising: the caller's own concern)
        kinds = leaves(scope, stmt, scopes, depth)
        if kinds is not None:
            return kinds if index == 0 else _UNKNOWN
    return None


def _keeps(scope, manager: ast.expr, kinds: frozenset, scopes: tuple) -> bool:
    """The exit of context manager `manager` swallows no exception of `kinds` (empty: any)."""
    if type(manager) is ast.Name and not _bound_locally(scope, manager.id, scopes) and manager.id not in scope.volatile:
        manager = scope.globals.unique_value(manager.id)  # (`LOCK = threading.Lock()` at module level)
        if type(manager) is not ast.Call:
            return False
        scopes = ()
    if type(manager) is not ast.Call:
        return False
    made = scope.resolve(manager.func, scopes)
    if made in ("threading.Lock", "threading.RLock"):
        return not manager.args and not manager.keywords  # (its exit releases and answers None)
    if made != "contextlib.suppress" or not kinds or manager.keywords:
        return False
    for named in manager.args:  # (suppress swallows an instance of one of its classes or their subclasses)
        if type(named) is not ast.Name or named.id in kinds or not _class_names(scope, named.id, scopes, 0):
            return False
    return True


def _first_round(scope, loop: ast.For | ast.While, scopes: tuple) -> bool:
    """The loop surely starts a round: `while True:`, `for _ in range(1)`, `for x in (1, 2)`."""
    if type(loop) is ast.While:
        return type(loop.test) is ast.Constant and bool(loop.test.value)
    if type(loop.target) is not ast.Name:
        return False
    over = loop.iter
    if type(over) in (ast.List, ast.Tuple):
        return bool(over.elts) and all(type(item) is ast.Constant for item in over.elts)
    if type(over) is not ast.Call or type(over.func) is not ast.Name or over.func.id != "range" \
            or _bound(scope, "range", scopes) or over.keywords or not 1 <= len(over.args) <= 3:
        return False
    bounds = [arg.value for arg in over.args if type(arg) is ast.Constant and type(arg.value) is int]
    return len(bounds) == len(over.args) and (len(bounds) < 3 or bounds[2] != 0) and len(range(*bounds)) > 0


def _irrefutable(pattern: ast.pattern) -> bool:
    """A pattern that matches any subject: `_`, a bare capture, an or-pattern holding one."""
    if type(pattern) is ast.MatchAs:
        return pattern.pattern is None or _irrefutable(pattern.pattern)
    return type(pattern) is ast.MatchOr and any(_irrefutable(inner) for inner in pattern.patterns)


def unreached(scope, node: ast.AST, parents: dict, scopes: tuple) -> bool:
    """A statement before `node` in a block around it (within its function) always leaves, or
    may (maybe_leaving.py): what is drawn from `node` must not rest on its running."""
    current = node
    while True:
        parent = parents.get(id(current))
        if parent is None:
            return False
        for field in ("body", "orelse", "finalbody"):
            block = getattr(parent, field, None)
            if type(block) is list and any(item is current for item in block):
                index = next(at for at, item in enumerate(block) if item is current)
                if any(type(stmt) in JUMPS or leaves(scope, stmt, scopes) is not None or may_leave_stmt(scope, stmt, scopes)
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
