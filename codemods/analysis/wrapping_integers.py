"""NumPy 2's arithmetic of an integer array with a Python int (unchecked_calls.binary_step; issue 13).

A program probes an integer range under `try: ... except OverflowError:` (`codes + 300` of an int8
array, `steps * 2**64` of an int64 one) and picks its layout by the handler. Under NEP 50 (NumPy 2,
which jax 0.10.2 requires) the Python int is weak: it takes the array's dtype, and NumPy raises
OverflowError ("Python integer ... out of bounds for int8") exactly when the int does not fit that
dtype; an int that fits never raises there, and an element that overflows in `+`, `-` or `*` wraps
silently (an array's operation gives no warning; a NumPy scalar's does, RuntimeWarning, so rank 0 is
left out). What such a step may still raise is only MemoryError (allocating the result).
"""
from __future__ import annotations

import ast

from codemods.analysis.script_values import Arr

_RANGES = {"int8": 8, "int16": 16, "int32": 32, "int64": 64, "uint8": 8, "uint16": 16, "uint32": 32, "uint64": 64}


def wrapping(op: type, left: object, right: object) -> tuple | None:
    """What `left op right` may raise (a host integer array of at least rank 1 and a Python int that
    fits its dtype, by `+`, `-` or `*`): (MemoryError,), or None when the rule does not hold."""
    if op not in (ast.Add, ast.Sub, ast.Mult) or type(left) is type(right):
        return None
    array, number = (left, right) if type(left) is Arr else (right, left)
    if type(array) is not Arr or type(number) is not int or not array.host or array.ndim is None or array.ndim < 1 \
            or array.dtype is None or array.dtype.name not in _RANGES:
        return None
    bits, name = _RANGES[array.dtype.name], array.dtype.name
    low, high = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if name.startswith("int") else (0, (1 << bits) - 1)
    return (MemoryError,) if low <= number <= high else None
