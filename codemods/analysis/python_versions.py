"""`sys.version_info` compared with a tuple of ints in a script run (script_run.py; issue 13).

Framework code gates imports and spellings on the Python it runs on (`if sys.version_info >=
(3, 8):`). The program runs on a Python its JAX supports, which is at least the floor that JAX's
release requires (its `Requires-Python`): jax 0.10.2 requires 3.11. Versions only grow from the
floor, so `version_info >= t` (or `>`) is True on every one of them when the floor gives True, and
`version_info < t` (or `<=`) is False on every one of them when the floor gives False. Any other
answer depends on the Python the program meets: the run stops (Bail), as for `==` and for a JAX
whose floor the table does not hold.
"""
from __future__ import annotations

import ast

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Lib

# The JAX release -> the lowest Python it installs on (`Requires-Python` of jax 0.10.2: ">=3.11").
_FLOORS = {(0, 10, 2): (3, 11, 0, "final", 0)}
_RISING = {ast.Gt: True, ast.GtE: True, ast.Lt: False, ast.LtE: False}
_FLIPPED = {ast.Gt: ast.Lt, ast.GtE: ast.LtE, ast.Lt: ast.Gt, ast.LtE: ast.GtE}
_COMPARE = {ast.Gt: lambda a, b: a > b, ast.GtE: lambda a, b: a >= b, ast.Lt: lambda a, b: a < b,
            ast.LtE: lambda a, b: a <= b}


def _ints(node: ast.expr) -> tuple | None:
    """A tuple of one to three ints the node spells (or holds, as a constant the run put there)."""
    if type(node) is ast.Tuple and all(type(e) is ast.Constant for e in node.elts):
        value = tuple(e.value for e in node.elts)
    elif type(node) is ast.Constant and type(node.value) is tuple:
        value = node.value
    else:
        return None
    return value if 1 <= len(value) <= 3 and all(type(item) is int for item in value) else None


def _version(run, node: ast.expr, env) -> bool:
    if type(node) is ast.Constant:
        value = node.value  # (a value the run put in the expression)
    elif type(node) is ast.Name and node.id == "version_info":
        value = run.eval(node, env)
    elif type(node) is ast.Attribute and node.attr == "version_info" and type(node.value) is ast.Name \
            and type(run.eval(node.value, env)) is Lib:
        value = run.eval(node, env)  # (a module's attribute: no program code runs, as it would for an object's)
    else:
        return False
    return type(value) is Lib and value.name == "sys.version_info"


def compare(run, node: ast.Compare, env) -> object:
    """The answer of `sys.version_info OP (3, x)` (either side), or NotImplemented for another compare."""
    if len(node.ops) != 1 or type(node.ops[0]) not in _COMPARE:
        return NotImplemented
    op, left, right = type(node.ops[0]), node.left, node.comparators[0]
    if _ints(right) is not None and _version(run, left, env):
        bound = _ints(right)
    elif _ints(left) is not None and _version(run, right, env):
        bound, op = _ints(left), _FLIPPED[op]
    else:
        return NotImplemented
    floor = _FLOORS.get(run.target) if run.target is not None else None
    if floor is None:
        raise Bail  # (a JAX whose lowest Python the table does not hold)
    answer = _COMPARE[op](floor, bound)
    if answer is _RISING[op]:
        return answer  # (the floor's answer, which every later version gives too)
    raise Bail  # (it depends on the Python the program meets)
