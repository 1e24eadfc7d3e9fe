"""The dtype of arithmetic between two floating arrays of different known dtypes (float_dtypes.py
follows one dtype; issue 13).

Mixed precision code multiplies a bfloat16 activation by a float32 weight, adds a NumPy
`np.float32(...)` constant to a half-precision array, or scales a float32 host batch by a
`np.float64` factor, and then tests `x.dtype` to pick a path. Both operands' dtypes are known
there, and both libraries promote floating types by a fixed lattice (checked on jax 0.10.2 and
NumPy 2, which jax 0.10.2 requires: NumPy scalars and 0-d arrays take part as arrays, only Python
numbers are weak):
- JAX: float16 < float32 < float64 and bfloat16 < float32; float16 with bfloat16 gives float32;
  a host operand beside a device array is placed first (a 64-bit one is then as wide as the x64
  flag, unknown to the run, makes it: no dtype);
- NumPy: float16 < float32 < float64 (bfloat16, ml_dtypes' type, is left out).
Integer, bool and complex operands are left to the rules that hold them (none here).
"""
from __future__ import annotations

import ast

from codemods.analysis.array_dtypes import DType, named, on_device
from codemods.analysis.script_values import Arr

_ORDER = {"float16": 0, "bfloat16": 0, "float32": 1, "float64": 2}
_OPERATORS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow, ast.MatMult)


def promoted(op: type, left: object, right: object) -> DType | None:
    """The dtype of `left op right` for two arrays of different floating dtypes, or None."""
    if op not in _OPERATORS or type(left) is not Arr or type(right) is not Arr:
        return None
    device = not (left.host and right.host)
    first, second = (on_device(side.dtype) if device else side.dtype for side in (left, right))
    if first is None or second is None or first.name not in _ORDER or second.name not in _ORDER \
            or first.name == second.name:
        return None
    if not device and "bfloat16" in (first.name, second.name):
        return None
    if _ORDER[first.name] == _ORDER[second.name]:
        return named("float32")  # (float16 with bfloat16, on devices)
    return first if _ORDER[first.name] > _ORDER[second.name] else second
