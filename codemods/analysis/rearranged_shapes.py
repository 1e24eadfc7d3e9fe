"""The shapes of NumPy's and jax.numpy's calls that rearrange or repeat an array's elements
(array_shapes.py holds the common rules; issue 13).

A program probes a layout before it picks its axes (`blk = np.atleast_2d(v)`, `np.tile(w, (1, 2))`,
`a.squeeze((0, 2))`, `np.concatenate(parts, axis=None)`) and compares the result's `.shape` with
the one it expects: unknown, that test stops the run though every size in it was written by the
program. The rules kept here (NumPy 2 and jax 0.10.2 agree on each, checked on both):
- `atleast_1d/2d/3d(a)` of one array: a 0-d array is (1,), (1, 1), (1, 1, 1); a vector (n,) is
  (1, n) for 2d and (1, n, 1) for 3d; a matrix (m, n) is (m, n, 1) for 3d; higher ranks unchanged;
- `concatenate(arrays, axis=None)`: each array flattened, one dimension of the total size;
- `diag(v, k=0)`: a vector of n gives a square matrix of n + |k|; a matrix (m, n) its k-th
  diagonal, of `max(0, min(m, n - k))` (k >= 0) or `max(0, min(m + k, n))` (k < 0) values;
- `zeros_like`, `ones_like`, `empty_like`, `full_like` with `shape=`: that shape, whatever the
  prototype's (an int is one dimension);
- `repeat(a, n, axis)` of an int n >= 0: dimension `axis` times n (axis None: flattened first);
- `tile(a, reps)`: reps and the shape padded with leading 1s to one length, multiplied;
- `reshape(..., order=...)`: the order changes which elements go where, not the shape;
- `squeeze(axis)` of an int or a tuple of ints, each naming a dimension of size 1 (another size
  raises ValueError: no shape).
Anything else, or a size that is not a non-negative int, gives no shape.
"""
from __future__ import annotations

import math

from codemods.analysis.argument_binding import bind
from codemods.analysis.script_values import Arr

_BOTH = ("numpy", "jax.numpy")
_LIKE = frozenset(f"{module}.{name}_like" for module in _BOTH for name in ("zeros", "ones", "empty", "full"))


def _named(name: str, *shorts: str) -> str | None:
    module, _, short = name.rpartition(".")
    return short if module in _BOTH and short in shorts else None


def _ints(value: object) -> tuple | None:
    value = (value,) if type(value) is int else value
    if type(value) not in (tuple, list) or not all(type(n) is int and n >= 0 for n in value):
        return None
    return tuple(value)


def rearranged(shape_of, name: str, args: list, kwargs: dict) -> tuple | None:
    """The shape of library call `name` (canonical), or None; `shape_of(value)` gives an operand's."""
    if name in _LIKE and "shape" in kwargs and kwargs["shape"] is not None and args and type(args[0]) is Arr:
        plain = 2 if name.endswith("full_like") else 1
        return _ints(kwargs["shape"]) if len(args) == plain and set(kwargs) <= {"dtype", "shape"} else None
    if (short := _named(name, "atleast_1d", "atleast_2d", "atleast_3d")) and len(args) == 1 and not kwargs:
        return _at_least(shape_of(args[0]), int(short[-2]))
    if _named(name, "concatenate") and (len(args) == 1 and set(kwargs) == {"axis"} and kwargs["axis"] is None
                                        or len(args) == 2 and not kwargs and args[1] is None):
        shapes = [shape_of(a) if type(a) is Arr else None for a in args[0]] if type(args[0]) in (list, tuple) else [None]
        return (sum(math.prod(s) for s in shapes),) if shapes and None not in shapes else None
    if _named(name, "diag") and 1 <= len(args) <= 2 and set(kwargs) <= {"k"} and len(args) + len(kwargs) <= 2:
        return _diagonal(shape_of(args[0]) if type(args[0]) is Arr else None, args[1] if len(args) == 2 else kwargs.get("k", 0))
    if _named(name, "repeat") and len(args) >= 2 and type(args[0]) is Arr:
        given = bind(("a", "repeats", "axis"), args, kwargs, {"axis": None})
        return None if given is None else repeated(shape_of(args[0]), args[1], given["axis"])
    if _named(name, "tile") and len(args) == 2 and not kwargs and type(args[0]) is Arr:
        return _tiled(shape_of(args[0]), args[1])
    if _named(name, "squeeze") and 1 <= len(args) <= 2 and set(kwargs) <= {"axis"} and len(args) + len(kwargs) == 2 \
            and type(args[0]) is Arr:
        return squeezed(shape_of(args[0]), args[1] if len(args) == 2 else kwargs["axis"])
    return None


def method_rearranged(shape: tuple | None, name: str, args: list, kwargs: dict) -> tuple | None:
    """The shape of `x.name(*args, **kwargs)` for an array `x` of `shape`, or None."""
    from codemods.analysis.array_shapes import reshaped

    if shape is None:
        return None
    if name == "reshape" and args and set(kwargs) == {"order"} and kwargs["order"] in ("C", "F"):
        return reshaped(shape, args[0] if len(args) == 1 else tuple(args))
    if name == "squeeze" and len(args) + len(kwargs) == 1 and set(kwargs) <= {"axis"}:
        return squeezed(shape, args[0] if args else kwargs["axis"])
    if name == "repeat" and 1 <= len(args) <= 2 and set(kwargs) <= {"axis"} and len(args) + len(kwargs) <= 2:
        return repeated(shape, args[0], args[1] if len(args) == 2 else kwargs.get("axis"))
    return None


def _at_least(shape: tuple | None, rank: int) -> tuple | None:
    if shape is None:
        return None
    if len(shape) >= rank:
        return shape
    if not shape:
        return (1,) * rank
    if len(shape) == 1:
        return (1, shape[0], 1)[:rank]
    return shape + (1,)  # (a matrix in atleast_3d)


def _diagonal(shape: tuple | None, k: object) -> tuple | None:
    if shape is None or type(k) is not int:
        return None
    if len(shape) == 1:
        return (shape[0] + abs(k),) * 2
    if len(shape) == 2:
        m, n = shape
        return (max(0, min(m, n - k)) if k >= 0 else max(0, min(m + k, n)),)
    return None


def repeated(shape: tuple | None, repeats: object, axis: object) -> tuple | None:
    if shape is None or type(repeats) is not int or repeats < 0:
        return None
    if axis is None:
        return (math.prod(shape) * repeats,)
    if type(axis) is not int or not -len(shape) <= axis < len(shape):
        return None
    axis %= len(shape)
    return shape[:axis] + (shape[axis] * repeats,) + shape[axis + 1:]


def _tiled(shape: tuple | None, reps: object) -> tuple | None:
    reps = _ints(reps)
    if shape is None or reps is None:
        return None
    rank = max(len(shape), len(reps))
    shape, reps = (1,) * (rank - len(shape)) + shape, (1,) * (rank - len(reps)) + reps
    return tuple(a * b for a, b in zip(shape, reps))


def squeezed(shape: tuple | None, axis: object) -> tuple | None:
    given = (axis,) if type(axis) is int else axis
    if shape is None or type(given) is not tuple or not all(type(a) is int and -len(shape) <= a < len(shape) for a in given):
        return None
    axes = {a % len(shape) for a in given}
    if len(axes) != len(given) or any(shape[a] != 1 for a in axes):
        return None
    return tuple(n for i, n in enumerate(shape) if i not in axes)
