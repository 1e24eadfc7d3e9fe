"""A runner's handler that files the exception away and raises once its loop is done
(unchecked_calls.py, narrow_handlers.py; issue 13).

A hand-written test runner (absltest-like suites pasted into the file) calls each test in
`try: method(case) except Exception as e: errors.append(e)`, goes on with the next test, and
after the loop does `if errors: raise errors[0]`. The handler swallows nothing: once it has run,
the function can only end by raising, so a step of unknown outcome inside the test (an unchecked
NumPy or JAX call, an assertion the run cannot decide) either passes, as the run assumes, or
makes the program end with an exception, as it would outside any `try`. Neither way reaches a
fallback: it is not a probe. What CPython 3.11 guarantees, and what is required of the function
`F` whose frame holds the handler (a def, not a generator or coroutine):
- the handler's body appends to a list `L` at its top level (`L.append(x)`), and nothing before
  that leaves it (no return, break or continue; after it a `continue` or `break` only ends the
  round, and a return is refused below); its other statements call nothing and raise nothing
  but the exception caught (a `raise SystemExit(0)` or `sys.exit(0)` there would end the program
  quietly before the check: a `results[name] = "error"` is fine);
- `L` is a local of `F` bound once, to an empty list display, by a statement of `F`'s own body
  before the statement `S` that holds the `try`; every other use of the name in `F` (nested
  scopes included: a closure could empty it) is an `L.append(...)` statement, lies in the check
  below, or comes after it (where `L` is empty); no `global`/`nonlocal` names it, nor does a
  parameter;
- the statement right after `S` in `F`'s body is `if L:` (or `len(L)`, `len(L) > 0`,
  `len(L) != 0`, `len(L) >= 1`) whose body is `raise L[i]`, or a builtin error class other than
  SystemExit called on a constant text or one of `len(L)` (`raise RuntimeError(f"{len(L)}
  failed")`, `ExceptionGroup("failed", L)`), perhaps after `print` lines of such texts: a
  `sys.exit(0)` there, `raise SystemExit(0)`, or a `__str__` of the module's that exits, would
  end the program quietly; the module binds none of the builtin names read (`len`, `print`, the
  class); `S` holds no return and no yield (nor does `F`);
- no function or class of the module names an exit (`sys.exit`, `SystemExit`, `os._exit`): one
  run after the handler (a later test, the rest of the round) would end the program quietly;
- between `S` and the `try` lie only `for`, `while` and `if` statements (a `with` could
  suppress an exception the handler raised before it appended, so could an enclosing `try`),
  and the `try`'s `finally` has no break or continue (they would drop such an exception).
Any other shape is read as before (a probe). The function's exception then meets its callers'
handlers, which the run judges as it judges every enclosing handler.
"""
from __future__ import annotations

import ast

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_RAISED_CLASSES = frozenset({"RuntimeError", "AssertionError", "Exception", "ValueError", "ExceptionGroup"})
_BUILTINS_READ = frozenset({"len", "print", *_RAISED_CLASSES})  # (names the check reads as Python's own)
_LEAVING = (ast.Return, ast.Break, ast.Continue)


def reraised_later(run, handler: ast.ExceptHandler, env) -> bool:
    """Whether every way out of the function after `handler` ran is an exception (see above)."""
    if type(handler) is not ast.ExceptHandler:
        from codemods.analysis.unittest_results import files_failures

        return files_failures(run, handler)  # (a modelled runner's own `except:`: unittest_results.py)
    func = next((frame[0] for frame in reversed(getattr(run, "frames", ())) if frame[1] is env), None)
    node = getattr(func, "node", None)
    if type(node) is not ast.FunctionDef:
        return False
    cache = run.__dict__.setdefault("_reraised_later", {})
    key = (id(node), id(handler))
    if key not in cache:
        tree = getattr(run, "tree", None)
        cache[key] = _reraises(node, handler) and not _rebinds(tree, _BUILTINS_READ) and not _exits_quietly(tree)
    return cache[key]


_EXIT_NAMES = frozenset({"exit", "quit", "SystemExit"})
_EXIT_ATTRIBUTES = frozenset({"exit", "quit", "_exit", "abort"})


def _exits_quietly(tree: ast.Module | None) -> bool:
    """Some function or class of the module may end the program without a traceback (`sys.exit`,
    `raise SystemExit(0)`, `os._exit`): a later test, the round after the handler or the handler
    itself could then end it before the check, where the step's failure set what that exit reads
    (forms ntsr7, ntsr9, ntsr10). The module's own top level (`sys.exit(main())`) runs after."""
    if tree is None or _exit_elsewhere(tree):
        return True
    for node in ast.walk(tree):
        if isinstance(node, _SCOPES) and any(
                type(inner) is ast.Name and inner.id in _EXIT_NAMES
                or type(inner) is ast.Attribute and inner.attr in _EXIT_ATTRIBUTES for inner in ast.walk(node)):
            return True
    return False


# Roads to any module's or the builtins' objects by a text the code may compute.
_DYNAMIC = frozenset({"modules", "__builtins__", "__import__", "import_module", "globals", "__dict__", "eval", "exec"})


def _exit_elsewhere(tree: ast.Module) -> bool:
    """An exit reached under another name or by a str (found by adversarial33): `from sys import
    exit as leave`, `halt = sys.exit` or a table of it at the top level, `getattr(sys, "exit")`,
    `vars(builtins)["SystemExit"]`, `getattr(sys, name)` / `vars(sys)[key]` with a computed text,
    `sys.modules[...]`, `__import__(...)`. Only the top level's own calls of an exit
    (`sys.exit(main())`, in or out of `if __name__ == "__main__":`) are left out: they run after."""
    words = _EXIT_NAMES | _EXIT_ATTRIBUTES
    modules = {alias.asname or alias.name.split(".")[0] for node in ast.walk(tree) if type(node) is ast.Import
               for alias in node.names}
    last = {id(call.func) for call in _top_calls(tree.body)}
    for node in ast.walk(tree):
        kind = type(node)
        if kind is ast.alias and (node.name in words or node.asname in words) \
                or kind is ast.Constant and type(node.value) is str and node.value in words \
                or kind is ast.Name and node.id in _DYNAMIC or kind is ast.Attribute and node.attr in _DYNAMIC:
            return True
        if (kind is ast.Name and node.id in _EXIT_NAMES or kind is ast.Attribute and node.attr in words) \
                and id(node) not in last:
            return True
        if kind is ast.Call and type(node.func) is ast.Name and node.func.id in ("getattr", "vars") and node.args \
                and type(node.args[0]) is ast.Name and node.args[0].id in modules:
            if node.func.id == "vars" or len(node.args) < 2 or type(node.args[1]) is not ast.Constant:
                return True  # (a module's member by a text the call does not show)
    return False


def _top_calls(body: list):
    """The module top level's own call statements (and `raise` of a call), also in `if` blocks."""
    for statement in body:
        if type(statement) is ast.Expr and type(statement.value) is ast.Call:
            yield statement.value
        elif type(statement) is ast.Raise and type(statement.exc) is ast.Call:
            yield statement.exc
        elif type(statement) is ast.If:
            yield from _top_calls(statement.body)
            yield from _top_calls(statement.orelse)


def _rebinds(tree: ast.Module | None, names: frozenset) -> bool:
    """Some code of the module binds one of `names` (the check would not read the builtin)."""
    if tree is None:
        return True
    for node in ast.walk(tree):
        if type(node) is ast.Name and type(node.ctx) is not ast.Load and node.id in names \
                or type(node) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef) and node.name in names \
                or type(node) is ast.alias and (node.asname or node.name) in names \
                or type(node) in (ast.Global, ast.Nonlocal) and set(node.names) & names:
            return True
    return False


def _reraises(func: ast.FunctionDef, handler: ast.ExceptHandler) -> bool:
    index = next((i for i, stmt in enumerate(func.body) if any(inner is handler for inner in _own_nodes(stmt))), None)
    if index is None or index + 1 >= len(func.body) or any(type(inner) in (ast.Yield, ast.YieldFrom, ast.Await)
                                                          for inner in _own_nodes(func)):
        return False
    held, check = func.body[index], func.body[index + 1]
    name = _appended(handler)
    if name is None or not _plain_path(held, handler) or any(type(inner) is ast.Return for inner in _own_nodes(held)):
        return False
    if not _raising_check(check, name):
        return False
    return _only_uses(func, name, func.body[:index], check, func.body[index + 2:])


def _own_nodes(node: ast.AST):
    """The nodes of `node` in its own scope (nested defs, lambdas and classes left out)."""
    todo = [node]
    while todo:
        item = todo.pop()
        yield item
        todo.extend(child for child in ast.iter_child_nodes(item) if type(child) not in _SCOPES)


def _appended(handler: ast.ExceptHandler) -> str | None:
    """The list the handler's body appends to at its top level, when nothing in it leaves it
    before (a `continue` or `break` after it only ends the round: the check is still reached)."""
    appended = None
    for stmt in handler.body:
        if appended is None and any(type(inner) in _LEAVING for inner in _own_nodes(stmt)):
            return None
        call = stmt.value if type(stmt) is ast.Expr else None
        if appended is None and type(call) is ast.Call and type(call.func) is ast.Attribute and call.func.attr == "append" \
                and type(call.func.value) is ast.Name and len(call.args) == 1 and not call.keywords \
                and type(call.args[0]) is not ast.Starred:
            appended = call.func.value.id
        elif any(type(inner) is ast.Call or type(inner) is ast.Raise and inner.exc is not None or type(inner) is ast.Return
                 for inner in _own_nodes(stmt)):
            return None  # (`raise SystemExit(0)`, `sys.exit(0)` beside the append: the program may end quietly there)
    return appended


def _plain_path(held: ast.stmt, handler: ast.ExceptHandler) -> bool:
    """`held` reaches the `try` of `handler` through `for`, `while` and `if` statements only, and
    that `try`'s `finally` drops no exception."""
    def search(stmt: ast.stmt) -> bool | None:
        if type(stmt) is ast.Try and any(found is handler for found in stmt.handlers):
            return not any(type(inner) in (ast.Break, ast.Continue) for part in stmt.finalbody for inner in _own_nodes(part))
        if type(stmt) not in (ast.For, ast.While, ast.If):
            return None
        for inner in (*stmt.body, *stmt.orelse):
            found = search(inner)
            if found is not None:
                return found
        return None

    return search(held) is True


def _raising_check(check: ast.stmt, name: str) -> bool:
    """`if L: raise L[0]` (or a length test of `L`; a report line or two before the raise), whose
    body can only end by raising an exception that exits with a traceback (not SystemExit)."""
    if type(check) is not ast.If or not check.body or not _non_empty_test(check.test, name):
        return False
    *reports, last = check.body
    return type(last) is ast.Raise and _raised_error(last.exc, name) and all(_reports(stmt, name) for stmt in reports)


def _raised_error(exc: ast.expr | None, name: str) -> bool:
    """`L[i]` (one of the exceptions filed: whatever the handler caught) or a builtin class that
    is no SystemExit called with plain arguments (`RuntimeError(f"{len(L)} failed")`)."""
    if type(exc) is ast.Subscript:
        return type(exc.value) is ast.Name and exc.value.id == name and type(exc.slice) is ast.Constant \
            and type(exc.slice.value) is int
    return type(exc) is ast.Call and type(exc.func) is ast.Name and exc.func.id in _RAISED_CLASSES and not exc.keywords \
        and all(_plain(arg, name) or exc.func.id == "ExceptionGroup" and type(arg) is ast.Name and arg.id == name
                for arg in exc.args)


def _plain(arg: ast.expr, name: str) -> bool:
    """A constant, or a text of constants and `len(L)`: made with no code of the module's (no
    `__str__` or `__format__` of its own runs)."""
    if type(arg) is ast.JoinedStr:
        return all(type(part) is ast.Constant or type(part) is ast.FormattedValue and part.format_spec is None
                   and _length(part.value, name) for part in arg.values)
    return type(arg) is ast.Constant


def _reports(stmt: ast.stmt, name: str) -> bool:
    """`print(f"{len(L)} tests failed")`: a line that only reports."""
    call = stmt.value if type(stmt) is ast.Expr else None
    return type(call) is ast.Call and type(call.func) is ast.Name and call.func.id == "print" and not call.keywords \
        and all(_plain(arg, name) for arg in call.args)


def _length(node: ast.expr, name: str) -> bool:
    """`len(L)`."""
    return type(node) is ast.Call and type(node.func) is ast.Name and node.func.id == "len" and len(node.args) == 1 \
        and not node.keywords and type(node.args[0]) is ast.Name and node.args[0].id == name


def _non_empty_test(test: ast.expr, name: str) -> bool:
    def length(node: ast.expr) -> bool:
        return _length(node, name)

    if type(test) is ast.Name:
        return test.id == name
    if length(test):
        return True
    if type(test) is ast.Compare and len(test.ops) == 1 and length(test.left) and type(test.comparators[0]) is ast.Constant:
        op, bound = type(test.ops[0]), test.comparators[0].value
        return type(bound) is int and (op is ast.Gt and bound == 0 or op is ast.NotEq and bound == 0 or op is ast.GtE and bound == 1)
    return False


def _only_uses(func: ast.FunctionDef, name: str, before: list, check: ast.If, after: list) -> bool:
    """`name` is a local list bound once, to `[]`, before the loop, and otherwise only appended to,
    read in the check, or used after it (where it is empty); `len` is not rebound in `func`."""
    args = func.args
    if any(arg.arg == name for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if arg):
        return False
    binding = None
    for stmt in before:
        if type(stmt) is ast.Assign and len(stmt.targets) == 1:
            target, value = stmt.targets[0], stmt.value
            pairs = [(target, value)] if type(target) is ast.Name else \
                list(zip(target.elts, value.elts)) if type(target) is ast.Tuple and type(value) is ast.Tuple \
                and len(target.elts) == len(value.elts) else []
            for sub, item in pairs:
                if type(sub) is ast.Name and sub.id == name:
                    if binding is not None or type(item) is not ast.List or item.elts:
                        return False
                    binding = sub
    if binding is None:
        return False
    in_check = {id(inner) for inner in ast.walk(check.test)} | {id(inner) for stmt in check.body for inner in ast.walk(stmt)} \
        | {id(inner) for stmt in after for inner in _own_nodes(stmt)}
    appends = set()
    for inner in ast.walk(func):
        if type(inner) is ast.Expr and type(inner.value) is ast.Call and type(inner.value.func) is ast.Attribute \
                and inner.value.func.attr == "append" and type(inner.value.func.value) is ast.Name:
            appends.add(id(inner.value.func.value))
        if type(inner) in (ast.Global, ast.Nonlocal) and name in inner.names:
            return False
    for inner in ast.walk(func):
        if type(inner) is ast.Name and inner.id == name and inner is not binding \
                and id(inner) not in appends and id(inner) not in in_check:
            return False
        if type(inner) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef) and inner is not func \
                and any(type(sub) is ast.Name and sub.id == name for sub in ast.walk(inner)):
            return False  # (a closure over the list)
        if type(inner) is ast.arg and inner.arg == name:
            return False
    return True


def only_reraising(run) -> bool:
    """Every handler enclosing the run's step is such a runner's (and the run counts them all)."""
    catching = run.__dict__.get("catching", [])
    return len(catching) == getattr(run, "guarded", 0) and all(
        reraised_later(run, handler, env) for handlers, env in catching for handler in handlers)
