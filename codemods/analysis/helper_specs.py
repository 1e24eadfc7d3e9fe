"""in_specs / out_specs that a helper builds from its arguments: `pspec(Batch, Embed)`,
`logical_to_mesh("batch", "vocab")`, `spec_for(cfg)`.

Trainer code maps logical names to mesh axes through a rule table, and writes the specs by
calling a module function with the names. A call of a module function (no decorator, not a
method) whose last statement is its one `return` of `P(...)` (or a tuple of them) is read by
running the statements before that return with the call's arguments, then reading the entries
of the P in that frame (a constant, None, a tuple of constants; `*items` of a known sequence).
Anything else is unknown (None). The spec has no literal at the use: no fix edits the helper's
P (other calls share it), so the spec says `in_helper`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import ast

from codemods import jaxapi
from codemods.analysis.control import Dead
from codemods.analysis.meshspec import Spec, SpecTree
from codemods.analysis.pyvalues import python_value
from codemods.analysis.sequences import items_of
from codemods.analysis.method_specs import method_spec
from codemods.analysis.values import Const, DictValue, JaxName, TupleValue

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Interpreter

# Statements that leave the helper early or rebind names outside it: not followed.
_LEAVING = (ast.Return, ast.Yield, ast.YieldFrom, ast.Global, ast.Nonlocal, ast.Raise, ast.Try)


def helper_spec(interp: Interpreter, call: ast.Call, scopes: tuple) -> SpecTree:
    """The spec tree `call` certainly returns, else None."""
    scope = interp.scope
    if type(call.func) is ast.Attribute:
        return method_spec(interp, call, scopes)  # `part.logical_spec(*names)` (method_specs.py)
    if type(call.func) is not ast.Name or call.func.id in scope.volatile or not (call.args or call.keywords) \
            or any(type(arg) is ast.Starred for arg in call.args) or any(kw.arg is None for kw in call.keywords):
        return None
    function, outer = scope.lookup_function(call.func.id, scopes)
    if not isinstance(function, ast.FunctionDef) or function.decorator_list or scope.class_of(function) is not None:
        return None
    return run_helper(interp, function, outer, call, scopes, [])


def run_helper(interp: Interpreter, function, outer, call: ast.Call, scopes: tuple, bound: list, read=None,
               caller=None):
    """Run `function` (its first parameters bound to `bound`) on the call's arguments (read in
    `caller`, by default the static frame of `scopes`) up to the `return` it reaches, and read
    the spec tree that return writes (or what `read` makes of it)."""
    from codemods.analysis.interpreter import Frame

    body = function.body
    last = body[-1]
    if not isinstance(last, ast.Return) or last.value is None:
        return None
    interp.silent += 1  # read for its value only: nothing in the helper is judged or counted
    try:
        caller = caller if caller is not None else interp._static_frame(scopes)
        args = list(bound)
        for arg in call.args:
            if type(arg) is ast.Starred:  # `*names` of a known sequence
                items = items_of(interp.eval(arg.value, caller))
                if items is None:
                    return None
                args.extend(items)
            else:
                args.append(interp.eval(arg, caller))
        keywords = {kw.arg: interp.eval(kw.value, caller) for kw in call.keywords}
        frame = Frame(function, interp._static_frame(tuple(outer)))
        if not interp._bind_params(function.args, args, keywords, frame):
            return None
        frame.local_names = frozenset(frame.vars) | interp._locals_of(function)
        try:
            chosen = _chosen_return(interp, body, frame)
        except Dead:
            return None
        if chosen is None or chosen[0] != "return":
            return None
        return (read or _tree)(interp, chosen[1], frame, tuple(outer) + (function,))
    finally:
        interp.silent -= 1


def _chosen_return(interp: Interpreter, body: list, frame, depth: int = 0):
    """("return", the expression returned) when running `body` in `frame` certainly reaches a
    `return` of a value, ("fall",) when it runs to its end, else None. Statements that cannot
    leave run as they are; an `if` holding a `return` (`if kind == "train": return P(...)`) goes
    the way its test certainly evaluates (a constant of the frame), its branch read the same way;
    anything else that may leave (a test that is not known, a loop or `try` holding a return) is
    unknown."""
    for stmt in body:
        if isinstance(stmt, ast.Return):
            return ("return", stmt.value) if stmt.value is not None else None
        if not any(isinstance(node, _LEAVING) for node in ast.walk(stmt)):
            interp.exec_block([stmt], frame)
            continue
        if not isinstance(stmt, ast.If) or depth > 8:
            return None
        taken = _truth(interp.eval(stmt.test, frame))
        if taken is None:
            return None
        branch = _chosen_return(interp, stmt.body if taken else stmt.orelse, frame, depth + 1)
        if branch is None or branch[0] == "return":
            return branch
    return ("fall",)


def _truth(test) -> bool | None:
    """What `if test:` takes for a constant of the frame, or a tuple, list or dict of known items
    (`if reduced:` of a list read from a config: true when it is not empty); None otherwise."""
    if isinstance(test, Const) and type(test.value) in (bool, int, str, type(None), tuple, list, dict):
        return bool(test.value)
    if isinstance(test, (TupleValue, DictValue)):
        return bool(test.items if isinstance(test, TupleValue) else test.keys)
    return None


def _tree(interp: Interpreter, expr: ast.expr, frame, scopes: tuple) -> SpecTree:
    if isinstance(expr, ast.Tuple):
        items = [_tree(interp, element, frame, scopes) for element in expr.elts]
        return None if any(item is None for item in items) else tuple(items)
    found = evaluated_partitions(interp, expr, frame, scopes)
    if found is None:
        return None
    partitions, reduced, unreduced = found
    return Spec(expr, tuple(axis for axes in partitions for axis in axes), reduced, unreduced, None, in_helper=True)


def evaluated_partitions(interp, expr: ast.expr, frame, scopes: tuple):
    """([the axes each dimension shards over], reduced, unreduced) of a `P(...)` call, each
    argument evaluated in `frame` (a starred one as its items); None when one is not known."""
    if not isinstance(expr, ast.Call) or interp.scope.resolve(expr.func, scopes) != jaxapi.PARTITION_SPEC:
        return None
    partitions: list[tuple[str, ...]] = []
    sets: dict[str, tuple[str, ...]] = {"reduced": (), "unreduced": ()}
    for arg in expr.args:
        value = interp.eval(arg.value if type(arg) is ast.Starred else arg, frame)
        entries = items_of(value) if type(arg) is ast.Starred else [value]
        if entries is None:
            return None
        for entry in entries:
            axes = _entry(python_value(entry))
            if axes is None:
                return None
            partitions.append(axes)
    for keyword in expr.keywords:
        names = _axis_set(interp, keyword.value, frame, scopes) if keyword.arg in sets else None
        if names is None:
            return None
        sets[keyword.arg] = names
    return partitions, sets["reduced"], sets["unreduced"]


_SET_OPERATORS = {ast.Sub: lambda a, b: [n for n in a if n not in b], ast.BitOr: lambda a, b: [*a, *b],
                  ast.BitAnd: lambda a, b: [n for n in a if n in b]}


def _axis_set(interp, expr: ast.expr, frame, scopes: tuple = (), depth: int = 0) -> tuple[str, ...] | None:
    """The names of `reduced=`: a set display (starred items too), or `set(names)` / `frozenset(names)` of the builtin
    over a known sequence of str (`set(CONFIG["reduced"])`), set differences, unions and
    intersections of those (`set(args.axes.split(",")) - {args.keep}`), and a local name of the
    function bound once to one of them; None otherwise."""
    if type(expr) is ast.Name and scopes and depth < 4:
        value, outer = interp.scope.lookup_value(expr.id, scopes)
        if value is None or tuple(outer) != tuple(scopes):
            return None  # a module name or a parameter: not read here
        return _axis_set(interp, value, frame, scopes, depth + 1)
    if type(expr) is ast.BinOp and type(expr.op) in _SET_OPERATORS and depth < 8:
        left = _axis_set(interp, expr.left, frame, scopes, depth + 1)
        right = _axis_set(interp, expr.right, frame, scopes, depth + 1) if left is not None else None
        return tuple(dict.fromkeys(_SET_OPERATORS[type(expr.op)](left, right))) if right is not None else None
    if isinstance(expr, ast.Set):
        names = []
        for element in expr.elts:  # `{*reduced, "data"}`: a starred element gives its items
            items = items_of(interp.eval(element.value, frame)) if type(element) is ast.Starred \
                else [interp.eval(element, frame)]
            if items is None:
                return None
            names.extend(python_value(item) for item in items)
    elif isinstance(expr, ast.Call) and not expr.keywords and len(expr.args) <= 1 \
            and not any(type(arg) is ast.Starred for arg in expr.args) \
            and interp.eval(expr.func, frame) in (JaxName("builtins.set"), JaxName("builtins.frozenset")):
        items = items_of(interp.eval(expr.args[0], frame)) if expr.args else []
        if items is None:
            return None
        names = [python_value(item) for item in items]
    else:
        return None
    if not all(isinstance(name, str) for name in names):
        return None
    return tuple(dict.fromkeys(names))


def _entry(value: object) -> tuple[str, ...] | None:
    """The axes one dimension of a P shards over (None: not known)."""
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    if isinstance(value, tuple) and all(isinstance(item, str) for item in value):
        return value
    return None
