"""`np.mgrid[0:8, 0:16]` in a script run (script_run.py; issue 13).

Examples build their test images from coordinate grids: `yy, xx = np.mgrid[0:8, 0:16]`, then
`np.sin(yy / 3.0) + np.cos(xx / 5.0)`. NumPy's `mgrid` indexed by slices of Python ints gives a
dense array of the coordinates, of an integer type (checked with NumPy 1.26 and 2.4):
- one slice (not a tuple): `np.arange(start, stop, step)`, empty when the range is;
- a tuple of k slices: an array of shape (k, n1, ..., nk), where NumPy counts n_i as
  ceil((stop - start) / step) of the i-th slice (a missing start 0, a missing step 1), in floats
  (below), negative for an empty range going the other way
  (`5:0`, `0:8:-1`), which NumPy refuses with ValueError "negative dimensions are not allowed"
  (raised here, for a handler of the program to catch; `5:0:2` counts ceil(-2.5) = -2 too, while
  `1:0:2` counts 0 and gives an empty grid).
The run keeps that shape; the values are not kept. An array too big to allocate raises ValueError
or MemoryError, where the second depends on the machine. NumPy makes a range per slice before
filling the grid, so an empty grid beside a huge slice (`np.mgrid[0:0, 0:2**40]`) still raises
MemoryError (adversarial23 M): a grid of more than `_MOST` elements, a slice counting more, or
a bound past 2**53, stops the run, as do a float or complex bound or step (`0:1:5j` counts points),
a missing stop and a step of 0.
NumPy counts both forms with a float division, not in exact ints: NumPy 2.4 takes
`math.ceil((stop - start) / step)` of the ints (correctly rounded), so once stop - start reaches
2**53 a slice of q steps and a little more counts q (`-2**52 - 5:2**53 - 1:2**52 + 1` has 3 items,
`range` 4; adversarial24 G); NumPy 1.x divides by `step * 1.0`, rounding stop - start to a float
first. The run counts as NumPy 2.4 does, and stops where the two could count apart (numpy_ranges.py).
"""
from __future__ import annotations

import math

from codemods import jaxapi
from codemods.analysis.array_dtypes import named
from codemods.analysis.array_shapes import note
from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.numpy_ranges import spans
from codemods.analysis.script_values import Arr, Lib

GRIDS = frozenset({"numpy.mgrid"})
_MOST = 1 << 27  # (elements: 1 GiB of int64, which any machine running such a program allocates)
_BOUND = 1 << 53


def is_grid(holder: object) -> bool:
    return type(holder) is Lib and jaxapi.canonical(holder.name) in GRIDS


def _bounds(part: object) -> tuple[int, int, int]:
    if type(part) is not slice or not all(type(v) is int or v is None for v in (part.start, part.stop, part.step)) \
            or part.stop is None or part.step == 0:
        raise Bail
    start, stop, step = part.start or 0, part.stop, 1 if part.step is None else part.step
    if not all(-_BOUND < v < _BOUND for v in (start, stop, step)):
        raise Bail
    return start, stop, step


def _count(start: int, stop: int, step: int) -> int:
    """NumPy's count of one slice (numpy_ranges.py), negative for an empty range going the other way."""
    counted = spans(start, stop, step)
    if counted is None:
        raise Bail  # (where NumPy 1.x and 2.x could count apart)
    return counted


def _dimension(part: object) -> int:
    """NumPy's count of one slice of a tuple."""
    return _count(*_bounds(part))


def item(holder: Lib, key: object) -> Arr:
    """`np.mgrid[key]`: the coordinates' array, of its shape."""
    if type(key) is not tuple:
        shape = (max(_count(*_bounds(key)), 0),)  # (`np.arange`: empty when the range is)
    else:
        sizes = tuple(_dimension(part) for part in key)
        if not sizes:
            raise Bail
        if any(size < 0 for size in sizes):
            raise Raised(ValueError("negative dimensions are not allowed"))
        shape = (len(sizes), *sizes)
    if math.prod(shape) > _MOST or max(shape) > _MOST:
        raise Bail  # (ValueError "array is too big", or MemoryError where the machine lacks the memory)
    return note(Arr(None, True, dtype=named("int64")), shape)
