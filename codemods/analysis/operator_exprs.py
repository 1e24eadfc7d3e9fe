"""How the interpreter evaluates operator expressions: `a + b`, `-x`, `a and b`, `a < b`. Python
numbers fold as Python computes them (`axes[: i + 1]`, `1 - 0.2`); an array operand's state comes
from the operator's rule in the transfer tables, and an operator JAX rejects on a replicated
operand is judged (the judge decides; the analysis decides no finding).

It exists apart from expressions.py (names, calls, attributes) because an operator's outcome is one
concept, read from the operator table alone: a new operator or fold touches only this."""
from __future__ import annotations

from typing import TYPE_CHECKING

import ast
import operator

from codemods.analysis import transfer
from codemods.analysis.transfer import elementwise
from codemods.analysis.sequences import concatenated
from codemods.analysis.comparisons import compare_constants
from codemods.analysis.values import (operand_truth, truth, DictValue, STATIC, UNKNOWN, AxisState, Const, Static,
                                      Value, as_array)

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame


BINARY_OPERATORS = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%", ast.Pow: "**",
    ast.MatMult: "@", ast.LShift: "<<", ast.RShift: ">>", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^",
}
_INT_FOLDS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv, "%": operator.mod}
_FLOAT_FOLDS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv, "**": operator.pow,
                "//": operator.floordiv, "%": operator.mod}


def _float_fold(op: str, left: object, right: object) -> Value:
    """`1 - 0.2`, `EPS / 2`: a Python float, as Python computes it (the tables label an operand
    `float` or `int` by its kind, which a folded value keeps). Anything else: a static value."""
    numbers = all(type(side) in (int, float) for side in (left, right))
    if not numbers or op not in _FLOAT_FOLDS or (float not in (type(left), type(right)) and op != "/"):
        return STATIC
    try:
        result = _FLOAT_FOLDS[op](left, right)
    except ArithmeticError:
        return STATIC
    return Const(result) if type(result) is float else STATIC  # `(-1.0) ** 0.5` is complex


_UNARY_OPERATORS = {ast.USub: "-x", ast.UAdd: "+x", ast.Invert: "~x", ast.Not: "not x"}
_COMPARISONS = {
    ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Is: "is",
    ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in",
}


class OperatorExprs:
    """The operator half of Expressions (which supplies eval and the judge)."""

    def eval_BinOp(self, expr: ast.BinOp, frame: Frame) -> Value:
        # Left-leaning chains (a + b + c + ...) are walked iteratively: long sums never exhaust the depth.
        chain = []
        node: ast.expr = expr
        while isinstance(node, ast.BinOp) and len(chain) < 10_000:
            chain.append(node)
            node = node.left
        value = self.eval(node, frame)
        for link in reversed(chain):
            right = self.eval(link.right, frame)
            op = BINARY_OPERATORS.get(type(link.op), "?")
            rule = transfer.operator_rule(op, self.judge.target)
            if rule.rejects_replicated:
                self._judge_replicated(link, op, [(value, link.left), (right, link.right)], frame, rule)
            value = self.binary(op, value, right)
        return value

    def binary(self, op: str, left: Value, right: Value) -> Value:
        if (joined := concatenated(op, left, right)) is not None:
            return joined  # `('data',) + ('model',)`
        if op == "|" and isinstance(left, DictValue) and isinstance(right, DictValue):
            merged = {**dict(zip(left.keys, left.items)), **dict(zip(right.keys, right.items))}
            return DictValue(tuple(merged), tuple(merged.values()))  # `state | {"af": af}`: a new dict
        a, b = as_array(left), as_array(right)
        if isinstance(left, Const) and isinstance(right, Const):
            if type(left.value) is type(right.value) is int and op in _INT_FOLDS and (op in "+-*" or right.value):
                return Const(_INT_FOLDS[op](left.value, right.value))  # `axes[: i + 1]` in a counted loop
            return _float_fold(op, left.value, right.value)
        if isinstance(left, (Const, Static)) and isinstance(right, (Const, Static)):
            return STATIC  # Python numbers (`w.shape[1] // 2`), not arrays
        if a is None or b is None:
            return UNKNOWN
        arrays = [value for value in (left, right) if isinstance(value, AxisState)]
        observed = transfer.observed_result(transfer.operator_rule(op, self.judge.target), [left, right], arrays)
        return observed if observed is not None else elementwise([a, b], False)  # as the table saw, numbers included

    def eval_UnaryOp(self, expr: ast.UnaryOp, frame: Frame) -> Value:
        value = self.eval(expr.operand, frame)
        if isinstance(value, Const) and isinstance(expr.op, ast.USub) and type(value.value) in (int, float):
            return Const(-value.value)  # a negative literal (`axis=-1` names the axis the tables tried)
        if isinstance(expr.op, ast.Not) and (decided := truth(value)) is not None:
            return Const(not decided)  # a literal, or a tuple, list or dict held item by item
        if isinstance(value, (Const, Static)):
            return STATIC
        array = as_array(value)
        if array is None:
            return UNKNOWN
        rule = transfer.operator_rule(_UNARY_OPERATORS.get(type(expr.op), "?x"), self.judge.target)
        return transfer.through(rule, [value], [array], why=array.why)

    def eval_BoolOp(self, expr: ast.BoolOp, frame: Frame) -> Value:
        values = [self.eval(value, frame) for value in expr.values]
        for value in values[:-1]:  # Python's rule: the first operand that decides, else the last
            decided = operand_truth(value)
            if decided is None:
                return UNKNOWN
            if decided is isinstance(expr.op, ast.Or):
                return value  # `axis or "i"`, `A and not B`, `method or type(self).forward`
        return values[-1]

    def eval_Compare(self, expr: ast.Compare, frame: Frame) -> Value:
        operands = [self.eval(expr.left, frame)] + [self.eval(item, frame) for item in expr.comparators]
        nodes = [expr.left] + list(expr.comparators)
        for index, op in enumerate(expr.ops):
            symbol = _COMPARISONS.get(type(op), "?")
            rule = transfer.operator_rule(symbol, self.judge.target)
            if rule.rejects_replicated:
                pair = [(operands[index], nodes[index]), (operands[index + 1], nodes[index + 1])]
                if self._judge_replicated(expr, symbol, pair, frame, rule):
                    break
        decided = compare_constants(expr.ops, operands)
        if decided is not None:
            return decided
        if all(isinstance(value, (Const, Static)) for value in operands):
            return STATIC
        arrays = [as_array(value) for value in operands]
        if any(array is None for array in arrays):
            return UNKNOWN
        return elementwise(arrays, keeps_reduced=False)
