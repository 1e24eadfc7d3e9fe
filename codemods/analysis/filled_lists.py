"""A list a function fills before a body reads it: `axes = []`, then `axes.append(name)` in a loop
over `mesh.shape.items()`, then `tuple(axes)` inside the body.

A name some code changes in place is otherwise never read from the text (name_lookup.py). Here the
changes are run, in order, when all of them are plain to see:
- the function binds the name once, to a list display, in a statement of its own body;
- every change is an `append`, `extend` or `insert` call on the name itself, or `name += [...]`,
  in that body's statements after the binding (in `for` and `if` blocks too), never in a nested
  function;
- the statements from the binding to the last change are simple ones, `for` and `if` (no def, no
  jump, no `while`, no `try`); every other read of the name is after them (a nested function
  reads it after them), or among them only feeds a change (`axes.append(len(axes))`, the test of
  an `if` that only changes the list: a copy, a length or a loop taken there sees a shorter list
  than the one handed to code outside the replay), and only reads the list (`tuple(axes)`, `*axes`, `axes[0]`,
  `for a in axes`, `a in axes`, `len(axes)`, `other.extend(axes)`, `axes + [...]`, or hands it
  to a module function that only reads that parameter, reading_helpers.py), so no code that could change it ever holds it.
Those statements then run in a frame of their own, judged nowhere; the list they leave is the value.
A module's own list stays unread (code importing the module may change it: forms n77).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import ast

from codemods.analysis.control import Dead
from codemods.analysis.nodes import DEFS, iter_nodes
from codemods.analysis.reading_helpers import reads_only
from codemods.analysis.syntax import assigned_names
from codemods.analysis.values import Const, TupleValue, Value

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

_CHANGERS = frozenset({"append", "extend", "insert"})
_READERS = frozenset({"tuple", "list", "len", "sorted", "set", "frozenset"})  # builtins that only read a list
_REPLAYED = (ast.Expr, ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Pass, ast.For, ast.If)


class FilledLists:
    """The filled-list half of the Interpreter (which supplies scope, exec_block, running, silent)."""

    def filled_list(self, name: str, frame: Frame) -> Value | None:
        """The list `name` holds once the statements that fill it have run; None when not plain."""
        scopes = frame.static_scopes or ()
        owner = next((index for index in range(len(scopes) - 1, -1, -1)
                      if self.scope.locals_of(scopes[index]).binds(name)), None)
        if owner is None:
            return None
        function = scopes[owner]
        span = _filling_span(function, name, lambda call, arg: reads_only(_context(self.scope), call, arg))
        if span is None:
            return None
        first, last = span
        from codemods.analysis.interpreter import Frame

        statements = function.body[first:last + 1]
        replay = Frame(None, self._static_frame(scopes[:owner + 1]))
        replay.local_names = frozenset(assigned_names(statements))
        self.silent += 1
        self.running.append(replay)
        try:
            self.exec_block(statements, replay)
        except Dead:
            return None
        finally:
            self.running.pop()
            self.silent -= 1
        value = replay.vars.get(name)
        known = isinstance(value, TupleValue) or isinstance(value, Const) and isinstance(value.value, tuple)
        return value if known else None  # a list of constants is one Const of a tuple


def _filling_span(function: ast.AST, name: str, reads=None) -> tuple[int, int] | None:
    """Indexes in `function.body` of the binding statement and of the last statement that changes
    the list, when every use of the name is one this module can follow (see the docstring).
    `reads(call, arg)`: whether a module function `call` names only reads its argument `arg`."""
    body = function.body
    binding = [index for index, stmt in enumerate(body) if type(stmt) is ast.Assign and len(stmt.targets) == 1
               and type(stmt.targets[0]) is ast.Name and stmt.targets[0].id == name and type(stmt.value) is ast.List]
    if len(binding) != 1:
        return None
    first = binding[0]
    changes: list[ast.Call | ast.AugAssign] = []
    last = first
    for index, stmt in enumerate(body[first + 1:], start=first + 1):
        found = [node for node in _own_nodes(stmt) if _is_change(node, name) or _is_extension(node, name)]
        if found:
            changes.extend(found)
            last = index
    if not changes:
        return None
    filling = body[first:last + 1]
    if any(not isinstance(node, _REPLAYED) for stmt in filling for node in _statements(stmt)):
        return None
    receivers = {id(change.target if type(change) is ast.AugAssign else change.func.value) for change in changes}
    end = body[last].end_lineno
    feeding = _feeding_reads(filling, name, changes)  # read as they run, the value going nowhere else
    for node in iter_nodes(function):
        if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return None
        if type(node) is ast.Name and node.id == name and id(node) not in receivers:
            if isinstance(node.ctx, ast.Store) and node is body[first].targets[0]:
                continue
            if not isinstance(node.ctx, ast.Load) or (node.lineno <= end and id(node) not in feeding):
                return None
        elif _is_change(node, name) and id(node.func.value) not in receivers:
            return None  # a change in a nested function, or after the list was read
    lists = _built_lists(function)
    if not all(_only_read(parent, child, lists) or reads is not None and type(parent) is ast.Call and reads(parent, child)
               and id(child) not in feeding for parent, child in _name_parents(function, name, receivers)):
        return None
    return first, last


def _feeding_reads(filling: list[ast.stmt], name: str, changes: list) -> set[int]:
    """The reads of the list, among the statements that fill it, whose value only feeds the list's
    own changes: in a change's operands (`axes.append(len(axes))`), or in the test of an `if`
    whose branches only change the list (`if a not in axes: axes.append(a)`). Any other read there
    (`alias = axes[:]`, `n = len(axes)`, `for a in axes:`, `other.extend(axes)`) sees a list the
    later changes have not made yet, while code outside the replay reading it is handed the final
    list: the list is then not followed."""
    found: set[int] = set()

    def reads_in(node: ast.AST) -> None:
        found.update(id(inner) for inner in _own_nodes(node) if type(inner) is ast.Name and inner.id == name)

    for change in changes:
        reads_in(change.value if type(change) is ast.AugAssign else change)
    for stmt in filling:
        for inner in _statements(stmt):
            if type(inner) is ast.If and all(_only_changes(part, name) for part in inner.body + inner.orelse):
                reads_in(inner.test)
    return found


def _only_changes(stmt: ast.stmt, name: str) -> bool:
    """A statement that only changes the list (`axes.append(a)`, `axes += [a]`, an `if` of such):
    it binds no name the code after it reads."""
    if type(stmt) is ast.Pass or type(stmt) is ast.Expr and _is_change(stmt.value, name) or _is_extension(stmt, name):
        return True
    return type(stmt) is ast.If and all(_only_changes(part, name) for part in stmt.body + stmt.orelse)


class _ScopeContext:
    """What reading_helpers asks of a file (its tree, imports and a cache), from the module scope."""

    def __init__(self, scope) -> None:
        self.tree, self.imports, self._cache = scope.tree, scope.imports, {}

    def cached(self, key: str, compute):
        if key not in self._cache:
            self._cache[key] = compute()
        return self._cache[key]


def _context(scope) -> _ScopeContext:
    found = getattr(scope, "_shardfix_reading_context", None)
    if found is None:
        found = scope._shardfix_reading_context = _ScopeContext(scope)
    return found


def _built_lists(function: ast.AST) -> frozenset[str]:
    """Names the function binds only by `name = [...]` (`name += [...]` grows the same list):
    never a parameter (its own or a nested function's), global or nonlocal, nor stored otherwise.
    Each holds a list, whose `extend` runs no user code."""
    displays: set[str] = set()
    other: set[str] = set()
    kept: set[int] = set()
    for node in iter_nodes(function):
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            other.update(node.names)
        elif type(node) is ast.arg:
            other.add(node.arg)
        elif type(node) is ast.Assign and len(node.targets) == 1 and type(node.targets[0]) is ast.Name \
                and type(node.value) is ast.List:
            displays.add(node.targets[0].id)
            kept.add(id(node.targets[0]))
        elif type(node) is ast.AugAssign and type(node.target) is ast.Name and _is_extension(node, node.target.id):
            kept.add(id(node.target))
    for node in iter_nodes(function):
        if type(node) is ast.Name and not isinstance(node.ctx, ast.Load) and id(node) not in kept:
            other.add(node.id)
    return frozenset(displays - other)


def _is_change(node: ast.AST, name: str) -> bool:
    return type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr in _CHANGERS \
        and type(node.func.value) is ast.Name and node.func.value.id == name


def _is_extension(node: ast.AST, name: str) -> bool:
    """`axes += [name]`: on a list, the same object grows (replayed as the longer list)."""
    return type(node) is ast.AugAssign and type(node.op) is ast.Add and type(node.target) is ast.Name \
        and node.target.id == name


def _own_nodes(stmt: ast.stmt):
    """The nodes of a statement, nested functions, classes and lambdas left out."""
    return iter_nodes(stmt, prune=lambda inner: isinstance(inner, (*DEFS, ast.ClassDef, ast.Lambda)))


def _statements(stmt: ast.stmt):
    """The statement and those nested in it (a def stays one statement: it is not replayed)."""
    yield stmt
    if isinstance(stmt, (ast.For, ast.If)):
        for inner in stmt.body + stmt.orelse:
            yield from _statements(inner)


def _name_parents(function: ast.AST, name: str, receivers: set[int]):
    for parent in iter_nodes(function):
        for child in ast.iter_child_nodes(parent):
            if type(child) is ast.Name and child.id == name and isinstance(child.ctx, ast.Load) \
                    and id(child) not in receivers:
                yield parent, child


def _only_read(parent: ast.AST, child: ast.Name, lists: frozenset[str] = frozenset()) -> bool:
    """Does `parent` only read the list `child` (never hand the object itself to other code)?"""
    if isinstance(parent, ast.Starred):
        return True  # `P(*axes)`: the items are passed, not the list
    if type(parent) is ast.Call:  # `other.extend(axes)` of a list `other` the function built copies its items
        return child in parent.args and (type(parent.func) is ast.Name and parent.func.id in _READERS
                                         or type(parent.func) is ast.Attribute and parent.func.attr == "extend"
                                         and type(parent.func.value) is ast.Name and parent.func.value.id in lists)
    if type(parent) is ast.BinOp:  # `axes + ["k"]`: a new list (no other operand's __radd__ gets it)
        return type(parent.op) is ast.Add and type(parent.right if parent.left is child else parent.left) is ast.List
    if type(parent) is ast.Subscript:
        return parent.value is child and isinstance(parent.ctx, ast.Load)
    if isinstance(parent, (ast.For, ast.comprehension)):
        return parent.iter is child
    if type(parent) is ast.Compare:
        return all(isinstance(op, (ast.In, ast.NotIn)) for op in parent.ops) and child is not parent.left
    return False
