"""`np.float32(x)` of a host array in a script run (script_run.py; issue 13).

Environment code casts what NumPy computed to the type it stores: a gym-like step returns
`np.float32(-np.abs(self.state).mean())`, and a vectorised wrapper stacks those rewards with
`np.array([s.reward for s in steps], np.float32)` before a replay buffer splits the batch into
rows (`zip(*transition)`). NumPy's scalar types called on an array cast it (checked with NumPy
2.4): a rank-0 array or a NumPy scalar gives a NumPy scalar of that type (rank 0, no ndarray), an
array of rank 1 or more an ndarray of that type and the same shape, as `x.astype(t)` does; when
the array already has that dtype, the array itself (`np.float64(a) is a`: a write through the
result is one through `a`), for every numeric dtype. Only a host
array whose dtype is certainly numeric (bool, int, uint, float) is read so: its cast never raises
(an out-of-range value warns and wraps, as `astype` does), so the result has the operand's rank,
leading size and shape where the run knows them, and the type named. A text or object array (a
str array raises ValueError), an array of unknown dtype, a device array, keywords or more
arguments leave the result as before (of unknown rank).
"""
from __future__ import annotations

from codemods.analysis.array_dtypes import SCALAR_TYPES, named, SCALAR_ALIASES
from codemods.analysis.script_values import Arr

_NUMERIC = "biuf"


def cast(run, name: str, args: list, kwargs: dict, made: object) -> object:
    """`made`, the result of NumPy call `name` (canonical), with the rank, size, shape and dtype of
    a numeric host array cast by a NumPy scalar type; `made` unchanged for anything else."""
    from codemods.analysis.array_shapes import note, shape_of

    module, _, tail = name.rpartition(".")
    if module != "numpy" or tail not in SCALAR_TYPES or len(args) != 1 or kwargs or type(made) is not Arr:
        return made
    operand = args[0]
    scalar = SCALAR_ALIASES.get(tail, tail)
    if type(operand) in (int, float, bool) and scalar != "bfloat16" and made.host and made.ndim in (None, 0):
        made.ndim, made.generic = 0, True  # (`np.float32(2.0)`: a NumPy scalar; numpy_scalars.py)
        return made
    if made.ndim is not None or made.shape is not None:
        return made
    if type(operand) is not Arr or not operand.host or operand.dtype is None or operand.dtype.kind not in _NUMERIC \
            or operand.dtype.name is None or type(operand.ndim) is not int or scalar == "bfloat16":
        return made
    if operand.ndim and operand.dtype.name == named(scalar).name:
        return operand  # (`np.float64(a)` of a float64 vector: `a` itself, no copy; numpy_scalars.py)
    made.ndim, made.count, made.dtype = operand.ndim, operand.count if operand.ndim else None, named(scalar)
    made.generic = made.ndim == 0  # (of a rank-0 operand a NumPy scalar, else an ndarray: numpy_scalars.py)
    return note(made, shape_of(run, operand))
