"""Array shapes where they are certain: what a shape becomes through indexing, reshape,
transposes, reductions, broadcasting and the collectives (issue 13: `if x.ndim == 2:` decides
which branch runs, and so which states reach the statements after it).

A Shape is a tuple with one entry per dimension: an int where the size is known, None where only
the rank is. No shape at all (None) means the rank is not known. Every rule returns None rather
than guess; the sizes of the collectives were run on jax 0.10.2 (8 CPU devices).
"""
from __future__ import annotations

from collections.abc import Sequence
from math import prod

Shape = tuple  # tuple[int | None, ...]

# Functions that keep their one array operand's shape (per element, or a reordering within it).
SAME_SHAPE = frozenset({
    "jax.numpy." + name for name in (
        "tanh", "exp", "log", "log1p", "expm1", "sin", "cos", "tan", "sqrt", "rsqrt", "abs", "absolute",
        "negative", "square", "sign", "floor", "ceil", "round", "reciprocal", "sinh", "cosh", "arctan",
        "exp2", "log2", "log10", "conj", "real", "imag", "asarray", "array", "copy", "flip", "zeros_like", "ones_like", "empty_like", "full_like", "isnan", "isfinite",
        "nan_to_num", "logical_not")
} | {"jax.nn." + name for name in (
    "relu", "gelu", "silu", "swish", "sigmoid", "softplus", "softmax", "log_softmax", "tanh", "elu",
    "leaky_relu", "relu6", "standardize")
} | {"jax.lax.stop_gradient", "jax.device_put", "jax.lax.tanh", "jax.lax.exp", "jax.lax.neg",
     "jax.lax.rsqrt", "jax.lax.sqrt", "jax.lax.abs", "numpy.asarray", "numpy.array", "numpy.copy",
     "numpy.tanh", "numpy.exp", "jax.numpy.astype"})
# Functions that broadcast their array operands (numbers count as rank 0).
BROADCAST = frozenset({
    "jax.numpy." + name for name in (
        "add", "subtract", "multiply", "divide", "true_divide", "maximum", "minimum", "power",
        "where", "logaddexp", "arctan2", "equal", "not_equal", "less", "greater", "less_equal",
        "greater_equal", "logical_and", "logical_or", "hypot", "mod", "floor_divide", "clip")
} | {"jax.lax.add", "jax.lax.sub", "jax.lax.mul", "jax.lax.div", "jax.lax.max", "jax.lax.min"})
# Reductions with an `axis=` (and `keepdims=`) argument.
REDUCTIONS = frozenset({"sum", "mean", "max", "min", "prod", "var", "std", "all", "any", "argmax", "argmin",
                        "amax", "amin", "nansum", "nanmean", "nanmax", "nanmin", "logsumexp", "median"})
# Constructors whose first argument (or `shape=`) is the shape.
CONSTRUCTORS = frozenset({module + "." + name for module in ("jax.numpy", "numpy")
                          for name in ("zeros", "ones", "empty", "full")} | {"jax.ShapeDtypeStruct"})
# jax.random samplers: the shape is the second argument (or `shape=`).
SAMPLERS = frozenset({"jax.random." + name for name in ("normal", "uniform", "bernoulli", "truncated_normal",
                                                         "randint", "gumbel", "bits")})


def as_shape(value: object) -> Shape | None:
    """A shape argument written as an int or a tuple of ints (-1 is kept for reshape)."""
    if type(value) is int and value >= 0:
        return (value,)
    if isinstance(value, tuple) and all(type(item) is int for item in value):
        return value
    return None


def rank(shape: Shape | None) -> int | None:
    return None if shape is None else len(shape)


def merge(left: Shape | None, right: Shape | None) -> Shape | None:
    """What two paths agree on: the rank when it is the same, each size where it is."""
    if left is None or right is None or len(left) != len(right):
        return None
    return tuple(a if a == b else None for a, b in zip(left, right))


def broadcast(shapes: Sequence[Shape | None]) -> Shape | None:
    """NumPy broadcasting; None when a rank is unknown or the sizes cannot broadcast for certain."""
    if any(shape is None for shape in shapes):
        return None
    length = max((len(shape) for shape in shapes), default=0)
    result = []
    for position in range(length):
        sizes = [shape[len(shape) - length + position] for shape in shapes if len(shape) - length + position >= 0]
        known = {size for size in sizes if size != 1}
        if None in known:
            if len(known) > 1 or 1 in sizes:
                return None  # an unknown size beside another could be 1 or could clash
            result.append(None)
        elif len(known) > 1:
            return None  # JAX raises
        else:
            result.append(known.pop() if known else 1)
    return tuple(result)


def reshaped(shape: Shape | None, new: Shape) -> Shape | None:
    """`x.reshape(new)`: its rank is len(new) whatever x is; -1 is computed when x is known."""
    if new.count(-1) > 1 or any(size < -1 for size in new):
        return None
    if -1 not in new:
        return tuple(new)
    known = [size for size in new if size != -1]
    total = None if shape is None or None in shape else prod(shape)
    if total is None or prod(known) == 0 or total % prod(known):
        return tuple(None if size == -1 else size for size in new)
    return tuple(total // prod(known) if size == -1 else size for size in new)


def _axis(axis: object, ndim: int) -> int | None:
    if type(axis) is not int or not -ndim <= axis < ndim:
        return None
    return axis % ndim


def reduced(shape: Shape | None, axis: object, keepdims: object) -> Shape | None:
    """A reduction over `axis` (None: all of them; an int or a tuple of ints)."""
    if axis is None and keepdims is False:
        return ()  # a scalar, whatever went in
    if shape is None or keepdims not in (True, False):
        return None
    axes = tuple(range(len(shape))) if axis is None else axis if isinstance(axis, tuple) else (axis,)
    normal = [_axis(item, len(shape)) for item in axes]
    if None in normal or len(set(normal)) != len(normal):
        return None
    if keepdims:
        return tuple(1 if index in normal else size for index, size in enumerate(shape))
    return tuple(size for index, size in enumerate(shape) if index not in normal)


def transposed(shape: Shape | None, axes: object = None) -> Shape | None:
    if shape is None:
        return None
    if axes is None or axes == ():
        return tuple(reversed(shape))
    if not isinstance(axes, tuple) or len(axes) != len(shape):
        return None
    normal = [_axis(item, len(shape)) for item in axes]
    if None in normal or sorted(normal) != list(range(len(shape))):
        return None
    return tuple(shape[index] for index in normal)


def expanded(shape: Shape | None, axis: object) -> Shape | None:
    if shape is None:
        return None
    at = _axis(axis, len(shape) + 1)
    return None if at is None else shape[:at] + (1,) + shape[at:]


def squeezed(shape: Shape | None, axis: object) -> Shape | None:
    if shape is None:
        return None
    if axis is None:
        return None if None in shape else tuple(size for size in shape if size != 1)
    at = _axis(axis, len(shape))
    return None if at is None or shape[at] != 1 else shape[:at] + shape[at + 1:]


class _SomeSlice:
    """A slice whose bounds are not constants: it keeps its dimension, of a size not known."""


SOME_SLICE = _SomeSlice()


def indexed(shape: Shape | None, index: Sequence[object]) -> Shape | None:
    """`x[index]` with Python-value entries: an int drops a dimension, None adds one, `...` stands
    for the dimensions no other entry takes, a slice (start, stop, step) keeps one (its size
    where the bounds and the size are known; SOME_SLICE: not known). Anything else (arrays,
    booleans): None."""
    if shape is None:
        return None
    taken = sum(1 for item in index if item is not None and item is not Ellipsis)
    if taken > len(shape) or sum(1 for item in index if item is Ellipsis) > 1:
        return None
    result: list[int | None] = []
    position = 0
    for item in index:
        if item is None:
            result.append(1)
        elif item is Ellipsis:
            rest = len(shape) - taken
            result.extend(shape[position:position + rest])
            position += rest
        elif type(item) is int:
            size = shape[position]
            if size is not None and not -size <= item < size:
                return None  # out of range: JAX clamps, Python raises; not followed
            position += 1
        elif item is SOME_SLICE:
            result.append(None)
            position += 1
        elif isinstance(item, slice):
            size = shape[position]
            bounds = (item.start, item.stop, item.step)
            if not all(bound is None or type(bound) is int for bound in bounds) or item.step == 0:
                return None
            result.append(None if size is None else len(range(size)[item]))
            position += 1
        else:
            return None
    return tuple(result) + tuple(shape[position:])


def gathered(shape: Shape | None, size: int | None, axis: object, tiled: object) -> Shape | None:
    """all_gather over axes of `size` devices (run: untiled adds a dimension of that size at
    `axis`, tiled multiplies dimension `axis`)."""
    if shape is None or tiled not in (True, False):
        return None
    if not tiled:
        at = _axis(axis, len(shape) + 1)
        return None if at is None else shape[:at] + (size,) + shape[at:]
    at = _axis(axis, len(shape))
    if at is None:
        return None
    grown = None if size is None or shape[at] is None else shape[at] * size
    return shape[:at] + (grown,) + shape[at + 1:]


def scattered(shape: Shape | None, size: int | None, dimension: object, tiled: object) -> Shape | None:
    """psum_scatter over axes of `size` devices (run: untiled removes `scatter_dimension`, whose
    size must be the axes' size; tiled divides it)."""
    if shape is None or tiled not in (True, False):
        return None
    at = _axis(dimension, len(shape))
    if at is None:
        return None
    if not tiled:
        return shape[:at] + shape[at + 1:]
    if size is None or shape[at] is None or shape[at] % size:
        return shape[:at] + (None,) + shape[at + 1:]
    return shape[:at] + (shape[at] // size,) + shape[at + 1:]


def matmul(left: Shape | None, right: Shape | None) -> Shape | None:
    """`a @ b` for operands of rank 1 or 2 (the common cases; batched products: None)."""
    if left is None or right is None or not (1 <= len(left) <= 2 and 1 <= len(right) <= 2):
        return None
    return left[:-1] + right[1:]


def block(shape: Shape | None, entries: Sequence[object], size_of) -> Shape | None:
    """The per-device block of a global `shape` under a PartitionSpec's entries (None, an axis
    name or a tuple of them, per dimension); `size_of(axis)` gives an axis's size or None."""
    if shape is None or len(entries) > len(shape):
        return None
    result: list[int | None] = []
    for index, size in enumerate(shape):
        entry = entries[index] if index < len(entries) else None
        axes = () if entry is None else (entry,) if isinstance(entry, str) else entry
        sizes = [size_of(axis) for axis in axes]
        if None in sizes or size is None:
            result.append(size if not axes else None)
        else:
            total = prod(sizes)
            result.append(size // total if size % total == 0 else None)
    return tuple(result)


def concatenated(parts: Sequence[Shape | None], axis: object) -> Shape | None:
    """`concatenate(parts, axis)`: one rank; sizes add along `axis` and agree elsewhere."""
    if not parts or any(part is None for part in parts) or len({len(part) for part in parts}) != 1:
        return None
    at = _axis(axis, len(parts[0]))
    if at is None:
        return None
    result: list[int | None] = []
    for index in range(len(parts[0])):
        sizes = [part[index] for part in parts]
        if index == at:
            result.append(None if None in sizes else sum(sizes))
        else:
            known = {size for size in sizes if size is not None}
            if len(known) > 1:
                return None  # JAX raises
            result.append(known.pop() if known and None not in sizes else None)
    return tuple(result)


def stacked(parts: Sequence[Shape | None], axis: object) -> Shape | None:
    """`stack(parts, axis)`: a new dimension of len(parts) at `axis`."""
    if not parts or any(part is None for part in parts) or len({len(part) for part in parts}) != 1:
        return None
    merged: Shape | None = parts[0]
    for part in parts[1:]:
        merged = merge(merged, part)
    at = _axis(axis, len(parts[0]) + 1)
    return None if merged is None or at is None else merged[:at] + (len(parts),) + merged[at:]


def swapped(shape: Shape | None, first: object, second: object) -> Shape | None:
    if shape is None:
        return None
    a, b = _axis(first, len(shape)), _axis(second, len(shape))
    if a is None or b is None:
        return None
    result = list(shape)
    result[a], result[b] = result[b], result[a]
    return tuple(result)


def at_least_2d(shape: Shape | None) -> Shape | None:
    if shape is None:
        return None
    return {0: (1, 1), 1: (1,) + tuple(shape)}.get(len(shape), shape)
