"""A parameter the function rebinds once before anything reads it: the config idiom
`def main(x, cfg=None): cfg = cfg or Config()` (Praxis-, Fiddle- and trainer-style entry points),
or an override that ignores what was passed (`mesh = MESH`).

The rebinding must be a statement of the function's own body (no branch, loop or `with` around
it), the only store of the name in the function, and every other mention of the name, nested
functions included, must come after it: then every read of the name sees the rebound value,
which is the statement's right side with the parameter standing for what the callers pass
(callers.py; unknown when they disagree or are not all known).
"""
from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from codemods.analysis.nodes import FunctionDef, all_param_names
from codemods.analysis.values import UNKNOWN, AxisState, Const, Value, settled

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame


class ParamRebinds:
    """Interpreter hook (the Interpreter supplies scope, eval and the callers' values)."""

    def rebound_parameter(self, name: str, scopes: tuple[FunctionDef, ...]) -> Value | None:
        function = scopes[-1]
        if isinstance(function, ast.Lambda) or name not in all_param_names(function.args):
            return None
        stmt = _single_rebinding(function, name)
        if stmt is None:
            return None
        from codemods.analysis.interpreter import Frame
        entry = self._parameter_value(name, function, rebound=True)
        if type(stmt) is ast.If:  # `if cfg is None: cfg = Config()`
            if entry is None or not isinstance(entry, Const):
                return entry if entry is not None and settled(entry) else None  # an object passed: kept
            if entry.value is not None:
                return entry
            stmt = stmt.body[0]
        frame: Frame = Frame(None, None, vars={name: entry if entry is not None else UNKNOWN}, static_scopes=scopes)
        value = self.eval(stmt.value, frame)
        # not known: read as before (a closed-over value, invariant in a body)
        return None if value is UNKNOWN or isinstance(value, AxisState) and value.unknown else value


def _single_rebinding(function: FunctionDef, name: str) -> ast.Assign | None:
    key = "_shardfix_rebinds"
    table = getattr(function, key, None)
    if table is None:
        table = {}
        setattr(function, key, table)
    if name not in table:
        table[name] = _find(function, name)
    return table[name]


def _find(function: FunctionDef, name: str) -> ast.Assign | ast.If | None:
    stmt = next((stmt for stmt in function.body if _assigns(stmt, name, from_itself=False) or _fills_none(stmt, name)), None)
    if stmt is None:
        return None
    inside = {id(node) for node in ast.walk(stmt)}
    start = (stmt.end_lineno, stmt.end_col_offset)
    for node in ast.walk(function):
        if id(node) in inside:
            continue
        if type(node) is ast.Name and node.id == name:
            if type(node.ctx) is not ast.Load or (node.lineno, node.col_offset) < start:
                return None
        elif type(node) in (ast.Global, ast.Nonlocal) and name in node.names:
            return None
        elif type(node) is ast.arg and node.arg == name and node not in function.args.args + function.args.posonlyargs \
                + function.args.kwonlyargs:
            return None  # a nested function's own parameter of that name: another variable
        elif type(node) is ast.Call and type(node.func) is ast.Name and node.func.id in ("locals", "vars", "exec", "eval"):
            return None
    return stmt


def _assigns(stmt: ast.stmt, name: str, from_itself: bool = True) -> bool:
    """`name = <expression reading name>` (`from_itself`), else any `name = ...`."""
    return type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name \
        and stmt.targets[0].id == name and (not from_itself or any(
            type(node) is ast.Name and node.id == name for node in ast.walk(stmt.value)))


def _fills_none(stmt: ast.stmt, name: str) -> bool:
    """`if name is None: name = ...` with nothing else in the branch and no `else`."""
    test = stmt.test if type(stmt) is ast.If else None
    return type(test) is ast.Compare and type(test.left) is ast.Name and test.left.id == name \
        and len(test.ops) == 1 and type(test.ops[0]) is ast.Is and type(test.comparators[0]) is ast.Constant \
        and test.comparators[0].value is None and not stmt.orelse and len(stmt.body) == 1 \
        and _assigns(stmt.body[0], name, from_itself=False)
