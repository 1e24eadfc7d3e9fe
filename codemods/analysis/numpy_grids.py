"""`np.mgrid[0:8, 0:16]` in a script run (script_run.py; issue 13).

Examples build their test images from coordinate grids: `yy, xx = np.mgrid[0:8, 0:16]`, then
`np.sin(yy / 3.0) + np.cos(xx / 5.0)`. NumPy's `mgrid` indexed by slices of Python ints gives a
dense array of the coordinates: for one slice, the values of `range(start, stop, step)`; for k
slices, an array of shape (k, n1, ..., nk) (n_i = len(range(...)) of the i-th slice, a missing
start 0 and step 1), of an integer type (checked with NumPy 2). The run keeps that shape; the
values are not kept. A float or complex bound or step (`0:1:5j` counts points), a missing stop or
a step of 0 stop the run.
"""
from __future__ import annotations

from codemods import jaxapi
from codemods.analysis.array_dtypes import named
from codemods.analysis.array_shapes import note
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Arr, Lib

GRIDS = frozenset({"numpy.mgrid"})


def is_grid(holder: object) -> bool:
    return type(holder) is Lib and jaxapi.canonical(holder.name) in GRIDS


def _length(part: object) -> int:
    if type(part) is not slice or not all(type(v) is int or v is None for v in (part.start, part.stop, part.step)) \
            or part.stop is None or part.step == 0:
        raise Bail
    return len(range(part.start or 0, part.stop, 1 if part.step is None else part.step))


def item(holder: Lib, key: object) -> Arr:
    """`np.mgrid[key]`: the coordinates' array, of its shape."""
    parts = key if type(key) is tuple else (key,)
    if not parts:
        raise Bail
    sizes = tuple(_length(part) for part in parts)
    shape = sizes if type(key) is not tuple else (len(sizes), *sizes)
    return note(Arr(None, True, dtype=named("int64")), shape)
