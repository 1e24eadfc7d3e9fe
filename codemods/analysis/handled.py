"""Code that catches the error JAX raises while tracing, and goes on.

Code written for several JAX versions tries the strict spelling first and falls back on the
error: `try: return psum(x, AXES)` / `except ValueError: <cast, then psum>`, or wraps the whole
mapped call (`try: out = jax.shard_map(body, ...)(x)` / `except Exception: out = fallback(x)`),
or drops it (`with contextlib.suppress(ValueError): ...`); a test expects it
(`with self.assertRaises(ValueError):`, `pytest.raises`).
JAX raises ValueError for a collective, a cast or top_level_all_gather in the wrong state, and
ShardingTypeError for a reduced operand beside a replicated one; both derive from Exception only
(run on jax 0.10.2). A handler that may catch one of them and recovers (computes another way,
tries the next spelling) lets the program go on, so a site in that try body is not certain to
stop it: nothing there is judged. A handler that only reports the failure (logs, prints, warns,
passes, returns None) or stops (raise, sys.exit) leaves the program broken: the finding stays.
"""
from __future__ import annotations

import ast
from bisect import bisect_right
from operator import attrgetter

from codemods.analysis.leaving_calls import JUMPS, may_leave
from codemods.analysis.nodes import DEFS, calls_by_callee, last_name, module_parents, nodes_of_type

_CAUGHT = frozenset({"ValueError", "ShardingTypeError", "Exception", "BaseException"})


def handles_trace_errors(stmt: ast.Try | ast.TryStar) -> bool:
    """Some handler of `stmt` may catch a JAX tracing error and does not end by raising, or its
    finally block may leave (a return, break or continue there drops the error in flight)."""
    if leaves_early(stmt.finalbody):
        return True
    for handler in stmt.handlers:
        if handler.type is None:
            caught = True
        else:
            kinds = handler.type.elts if type(handler.type) is ast.Tuple else [handler.type]
            caught = any(last_name(kind) in _CAUGHT for kind in kinds)
        if caught and not all(_reports_only(stmt) for stmt in handler.body):
            return True
    return False


_REPORTERS = frozenset({"print", "warn", "exit", "quit", "_exit", "abort", "print_exc", "print_exception",
                        "debug", "info", "warning", "error", "exception", "critical", "log"})


def _reports_only(stmt: ast.stmt) -> bool:
    """`pass`, `return`/`return None`, `raise`, a log/print/warn/exit call: no recovery."""
    if type(stmt) in (ast.Pass, ast.Raise):
        return True
    if type(stmt) is ast.Return:
        return stmt.value is None or (type(stmt.value) is ast.Constant and stmt.value.value is None)
    if type(stmt) is ast.Expr:
        value = stmt.value
        return type(value) is ast.Constant or (type(value) is ast.Call and last_name(value.func) in _REPORTERS)
    return False


# Context managers that catch the error: `contextlib.suppress(ValueError)`, and the tests that
# expect it (`self.assertRaises(ValueError)`, `assertRaisesRegex`, `pytest.raises(ValueError)`):
# the error is what the code asks for, and a fix would break the test.
_CATCHERS = frozenset({"suppress", "assertRaises", "assertRaisesRegex", "raises"})


def suppresses_trace_errors(stmt: ast.With | ast.AsyncWith) -> bool:
    """`with contextlib.suppress(ValueError):`, `with self.assertRaises(ValueError):`, ..."""
    return any(_catcher(item.context_expr) for item in stmt.items)


def _catcher(call: ast.expr) -> bool:
    if type(call) is not ast.Call or last_name(call.func) not in _CATCHERS or not call.args:
        return False
    kinds = call.args if last_name(call.func) == "suppress" else call.args[:1]
    kinds = [inner for kind in kinds for inner in (kind.elts if type(kind) is ast.Tuple else [kind])]
    return any(last_name(kind) in _CAUGHT for kind in kinds)


_line_of = attrgetter("lineno")


def inside_handled_try(tree: ast.Module, node: ast.AST) -> bool:
    """`node` lies in the body of a try statement that handles a JAX tracing error (or of a
    `with` that suppresses it), or is assigned to a name (or attribute) that such a body calls
    (`step = jax.jit(jax.shard_map(...))` ... `try: step(x)`): tracing happens at that call."""
    regions = _regions(tree)
    if _within(regions, node) or _expected_by_a_test(tree, node):
        return True
    name = _assigned_to(tree, node)
    return name is not None and name in _called_in_regions(tree, regions)


def _called_in_regions(tree: ast.Module, regions: list[tuple[int, int]]) -> frozenset[str]:
    """The names and attributes called inside the handled regions, gathered once per module (a
    walk over every call per site was quadratic on test files full of `assertRaises`)."""
    called = getattr(tree, "_shardfix_called_in_handled", None)
    if called is None:
        # From the module's calls by callee name: a name is in when one of its calls starts on
        # a line of a region (the regions' lines as a set: one lookup a call, no bisection).
        lines = {line for first, last in regions for line in range(first, last + 1)}
        called = frozenset(name for name, calls in (calls_by_callee(tree).items() if lines else ())
                           if name is not None and not lines.isdisjoint(map(_line_of, calls)))  # in C: parsed calls
        tree._shardfix_called_in_handled = called
    return called


def _expected_by_a_test(tree: ast.Module, node: ast.AST) -> bool:
    """`self.assertRaises(ValueError, jax.shard_map(body, ...), x)`: the call is an argument."""
    parents = module_parents(tree)
    current = parents.get(id(node))
    while current is not None and not isinstance(current, ast.stmt):
        if _catcher(current):
            return True
        current = parents.get(id(current))
    return False


def _within(regions: list[tuple[int, int]], node: ast.AST) -> bool:
    """`node` starts on a line of a region (`regions` sorted and disjoint: the last one starting
    at or before the line is the only one that can hold it)."""
    line = getattr(node, "lineno", None)
    if line is None:
        return False
    index = bisect_right(regions, (line, _AFTER_ANY_LINE)) - 1
    return index >= 0 and line <= regions[index][1]


_AFTER_ANY_LINE = float("inf")


def _assigned_to(tree: ast.Module, node: ast.AST) -> str | None:
    """The name or attribute an assignment statement holding `node` binds (one target), or the
    def `node` decorates."""
    parents = module_parents(tree)
    current = parents.get(id(node))
    while current is not None and not isinstance(current, ast.stmt):
        current = parents.get(id(current))
    if type(current) is ast.Assign and len(current.targets) == 1:
        target = current.targets[0]
    elif type(current) is ast.AnnAssign:
        target = current.target
    elif isinstance(current, DEFS):
        return current.name  # `@partial(jax.shard_map, ...)` on the def
    else:
        return None
    return target.id if type(target) is ast.Name else target.attr if type(target) is ast.Attribute else None


def _regions(tree: ast.Module) -> list[tuple[int, int]]:
    regions = getattr(tree, "_shardfix_handled_tries", None)
    if regions is None:
        handled = [stmt for kind in (ast.Try, ast.TryStar) for stmt in nodes_of_type(tree, kind)
                   if stmt.body and handles_trace_errors(stmt)]
        handled += [stmt for kind in (ast.With, ast.AsyncWith) for stmt in nodes_of_type(tree, kind)
                    if suppresses_trace_errors(stmt)]
        spans = sorted((stmt.body[0].lineno, stmt.body[-1].end_lineno or stmt.body[-1].lineno) for stmt in handled)
        regions = []  # the same lines as the spans, merged: each is then looked up by bisection
        for first, last in spans:
            if regions and first <= regions[-1][1] + 1:
                if last > regions[-1][1]:
                    regions[-1] = (regions[-1][0], last)
            else:
                regions.append((first, last))
        tree._shardfix_handled_tries = regions
    return regions


def leaves_early(body: list[ast.stmt]) -> bool:
    """A return, break, continue or yield in this block (not in a def or class defined in it)."""
    return may_leave(body, (*JUMPS, ast.Yield, ast.YieldFrom))
