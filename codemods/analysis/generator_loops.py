"""`for mi, mt in microbatches(img, txt, size=2):` over a generator function of the module
(issue 13): the loop gets, round by round, what the generator yields, and runs once per item.

The generator is read only when its items are certain and computing them ahead changes nothing:
- its body is loops over items the interpreter knows one by one (`range` of known numbers,
  a tuple, `enumerate` of one), plain assignments to names, and `yield expr` statements; no
  condition, return, try or `yield from` (each could end it early or skip items);
- its expressions call nothing but `len` and `range` (indexing, slicing, arithmetic,
  comparisons and `x.shape` only): computing an item judges no collective, so running the
  generator to its end before the consumer's rounds cannot report a line JAX never reaches;
- the consuming loop walks it to its end (no break, return, raise, yield or await in its body)
  and binds no name the call's arguments read (an item is computed when the round asks for it).
More items than the interpreter unrolls, or any doubt: None, and the loop is read as before.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, iter_nodes
from codemods.analysis.syntax import assigned_names
from codemods.analysis.values import Const, Function, TupleValue

_STOPS = (ast.Break, ast.Return, ast.Raise, ast.Yield, ast.YieldFrom, ast.Await)
_PLAIN = (ast.Name, ast.Constant, ast.Subscript, ast.Slice, ast.BinOp, ast.UnaryOp, ast.Compare, ast.Tuple,
          ast.Attribute, ast.Load, ast.Store, ast.operator, ast.unaryop, ast.cmpop, ast.Call)
_MAX_ITEMS = 16


def walked_generator(interpreter, stmt: ast.For | ast.AsyncFor, frame) -> TupleValue | None:
    """The items the module generator that `stmt` walks yields, as a tuple value; None when
    the loop is not such a loop or the items are not certain."""
    call = stmt.iter
    if type(stmt) is not ast.For or type(call) is not ast.Call or type(call.func) is not ast.Name:
        return None
    generator = _generator(interpreter, call.func, frame)
    if generator is None or any(type(arg) is ast.Starred for arg in call.args) \
            or any(keyword.arg is None for keyword in call.keywords):
        return None
    for node in iter_nodes(ast.Module(body=stmt.body, type_ignores=[]),
                           prune=lambda n: isinstance(n, DEFS + (ast.Lambda, ast.ClassDef))):
        if isinstance(node, _STOPS):
            return None
    read = {node.id for node in iter_nodes(call) if type(node) is ast.Name}
    if read & assigned_names(stmt.body):
        return None
    from codemods.analysis.interpreter import Frame

    args, keywords, starred = interpreter._eval_args(call, frame)
    if starred:
        return None
    inner = Frame(generator, interpreter.module_frame, static_scopes=(generator,))  # a module def: no closure
    if not interpreter._bind_params(generator.args, [value for value, _ in args],
                                    {name: value for name, (value, _) in keywords.items()}, inner):
        return None
    items: list = []
    if not _run(interpreter, generator.body, inner, items) or not items:
        return None
    return TupleValue(tuple(items))


def _generator(interpreter, name: ast.Name, frame) -> ast.FunctionDef | None:
    """The module def `name` stands for where the loop runs, when it is a generator of the plain shape."""
    found = interpreter.eval(name, frame)
    if not isinstance(found, Function):
        return None
    function, outer = found.node, found.closure is not interpreter.module_frame
    if type(function) is not ast.FunctionDef or outer or function.decorator_list or function.args.vararg \
            or function.args.kwarg or function.args.posonlyargs:
        return None
    nodes = list(iter_nodes(ast.Module(body=function.body, type_ignores=[])))
    if not any(type(node) is ast.Yield for node in nodes) or not all(_plain(stmt) for stmt in function.body):
        return None
    calls = [node for node in nodes if type(node) is ast.Call]
    if any(type(node.func) is not ast.Name or node.func.id not in ("len", "range") or node.keywords
           or interpreter.scope.globals.binds(node.func.id) or interpreter.scope.locals_of(function).binds(node.func.id)
           for node in calls):
        return None  # (a module that rebinds `len` or `range` computes something else)
    return function


def _plain(stmt: ast.stmt, depth: int = 0) -> bool:
    if type(stmt) is ast.For and not stmt.orelse and depth < 3:
        return _plain_expr(stmt.iter) and _names(stmt.target) and all(_plain(inner, depth + 1) for inner in stmt.body)
    if type(stmt) is ast.Assign:
        return all(_names(target) for target in stmt.targets) and _plain_expr(stmt.value)
    if type(stmt) is ast.Expr and type(stmt.value) is ast.Yield:
        return stmt.value.value is not None and _plain_expr(stmt.value.value)
    return False


def _plain_expr(expr: ast.expr) -> bool:
    return all(isinstance(node, _PLAIN) for node in ast.walk(expr))


def _names(target: ast.expr) -> bool:
    return type(target) is ast.Name or type(target) is ast.Tuple and all(_names(item) for item in target.elts)


def _run(interpreter, body: list[ast.stmt], frame, items: list) -> bool:
    """Run the generator's statements, each loop round by round; False at any doubt."""
    from codemods.analysis.control import _known_items

    for stmt in body:
        if len(items) > _MAX_ITEMS:
            return False
        if type(stmt) is ast.Assign:
            value = interpreter.eval(stmt.value, frame)
            for target in stmt.targets:
                interpreter.assign(target, value, frame)
        elif type(stmt) is ast.Expr:
            items.append(interpreter.eval(stmt.value.value, frame))
        else:
            numbers = interpreter._range_numbers(stmt.iter, frame)
            walked = [Const(number) for number in numbers] if numbers is not None \
                else _known_items(interpreter._walked(stmt.iter, frame))
            if walked is None or len(walked) > _MAX_ITEMS:
                return False
            for item in walked:
                interpreter.assign(stmt.target, item, frame)
                if not _run(interpreter, stmt.body, frame, items):
                    return False
    return len(items) <= _MAX_ITEMS
