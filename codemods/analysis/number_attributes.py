"""Attributes of the unknown values a script run knows to be Python numbers (unknown_numbers.py;
issue 13).

A metrics hook converts what a step hands it: `float(v) if hasattr(v, "shape") and not v.shape
else v`, where `v` is already `float(loss)`. An unknown value is read as having every attribute
(the run cannot tell what it is), so the run took the float for an array and stopped at the
truth of its unknown shape. A value the run noted as a Python number (`float(x)`, `int(x)`, an
array's size, a draw, arithmetic of such: unknown_numbers.py) is an int or a float: it has the
attributes int and float have, and reading any other raises AttributeError (`hasattr` is False,
`getattr` with a default gives the default), as Python does.
"""
from __future__ import annotations

from codemods.analysis.host_exprs import Raised
from codemods.analysis.unknown_numbers import is_number

_NUMBER_NAMES = frozenset(dir(int)) | frozenset(dir(float)) | frozenset(dir(bool))


def number_attribute(run, value: object, name: str) -> bool:
    """Whether `value.name` is certainly missing: `value` a noted number, `name` no attribute of
    int, float or bool. Raises AttributeError then (as Python); False when nothing is known."""
    if name not in _NUMBER_NAMES and is_number(run, value):
        raise Raised(AttributeError(name))
    return False
