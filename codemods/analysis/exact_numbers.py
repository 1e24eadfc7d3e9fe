"""Fractions and Decimals in a script run (script_run.py; issue 13).

A launcher splits a device budget as `Fraction(n_data, n_total)` or keeps a learning rate as
`Decimal("0.1")` so that `lr * 3 == Decimal("0.3")` holds where floats would not. Both are
immutable values made from numbers or texts, the same on every run: the run makes the real
objects (`fractions.Fraction`, `decimal.Decimal`) and combines, compares and reads them as Python
does, their exceptions (ZeroDivisionError, decimal's InvalidOperation) raised where the program
raises them.

Decimal arithmetic follows the thread's context (precision, rounding, traps). The run never
models `getcontext()` or `localcontext()` (a program that touches them stops the run), so the
program's context is Python's default one, which each operation here is given explicitly.
A power with a large exponent (work without bound), a Decimal made with a context, and any
method outside the tables below stop the run.
"""
from __future__ import annotations

import ast
import decimal
import fractions
import operator
import re

NUMBER_METHODS = {
    fractions.Fraction: frozenset({"numerator", "denominator", "limit_denominator", "as_integer_ratio", "real", "imag"}),
    decimal.Decimal: frozenset({"quantize", "to_integral_value", "to_integral", "is_nan", "is_finite", "is_infinite",
                                "is_zero", "is_signed", "adjusted", "as_integer_ratio", "normalize", "copy_abs",
                                "copy_negate", "real", "imag"}),
}
CONSTANTS = {f"decimal.{name}": getattr(decimal, name) for name in (
    "ROUND_UP", "ROUND_DOWN", "ROUND_CEILING", "ROUND_FLOOR", "ROUND_HALF_UP", "ROUND_HALF_DOWN", "ROUND_HALF_EVEN",
    "ROUND_05UP")}
_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
        ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: operator.pow}
_NUMBERS = (int, float, bool, fractions.Fraction, decimal.Decimal)
_MAX_EXPONENT = 64
# The texts every Python from 3.11 on reads alike as a Fraction (3.12 also takes spaces around the
# slash, which 3.11 refuses): others stop the run.
_FRACTION_TEXT = re.compile(r"[+-]?(\d+/\d+|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)")


def exact(value: object) -> bool:
    return type(value) in NUMBER_METHODS


def _in_default_context(function, *args):
    from codemods.analysis.host_exprs import guard

    with decimal.localcontext(decimal.Context()):  # (Python's default context: see the module's doc)
        return guard(function, *args)


def binary(op: type, left: object, right: object) -> object:
    """`left op right` where one side is a Fraction or a Decimal and the other a number; anything
    else is NotImplemented (for the caller's other readings)."""
    if not (exact(left) or exact(right)) or type(left) not in _NUMBERS or type(right) not in _NUMBERS:
        return NotImplemented
    from codemods.analysis.host_objects import Bail

    if op not in _OPS or op is ast.Pow and (type(right) is not int or abs(right) > _MAX_EXPONENT):
        raise Bail
    return _in_default_context(_OPS[op], left, right)


def _made(kind):
    def make(run, args: list, kwargs: dict) -> object:
        from codemods.analysis.host_exprs import plain_tree
        from codemods.analysis.host_objects import Bail

        if kwargs or len(args) > (2 if kind is fractions.Fraction else 1) \
                or not all(plain_tree(arg) or exact(arg) for arg in args):
            raise Bail  # (a context given to Decimal, a value the run does not know)
        if kind is fractions.Fraction and args and type(args[0]) is str and not _FRACTION_TEXT.fullmatch(args[0]):
            raise Bail
        return _in_default_context(kind, *args)
    return make


LIBRARY = {"fractions.Fraction": _made(fractions.Fraction), "decimal.Decimal": _made(decimal.Decimal)}
