"""The exact shapes of the arrays a script run follows (script_run.py; issue 13).

Type-checked code tests shapes before it computes: a `@typechecked` decorator binds each named
dimension of `Float[Array, "b s d"]` to the size it meets first and raises when a later argument
disagrees (`memo.setdefault(d, n) != n`), chex-like helpers compare whole shapes
(`assert_shape(x, (b, d))`, `assert_equal_shape([a, b])`), and a function asserts
`x.shape == (cfg.batch, cfg.d)` before its collective. With sizes the run does not know such a
test stops it (an unknown number is never compared), though the program wrote every size it
meets: the host arrays it draws (`rng.standard_normal((8, 4, 16))`), what it places on the mesh
(`device_put` keeps the global shape), the block each device holds in a shard_map body (each
dimension divided by the sizes of the mesh axes its in_specs entry names), and what the body
computes from those. The run keeps here the shape of each array where it follows from such
shapes by JAX's and NumPy's own rules (checked on jax 0.10.2):
- elementwise functions and operators keep a shape; two shapes broadcast from the right (sizes
  equal, or one of them 1); a Python number broadcasts to any shape;
- a reduction over `axis` (an int, a tuple, None: all) drops those dimensions, or keeps them as 1
  with `keepdims=True`;
- `einsum` with explicit output letters (no `...`), `@`/`matmul`/`dot` of 1-d and 2-d operands
  (and batched `@` of equal leading shapes), `reshape` (one -1 at most), `transpose`, `.T`,
  `swapaxes`, `expand_dims`, `squeeze`, `concatenate`/`stack`, `one_hot`, `*_like`;
- basic indexing: ints, slices of ints, None, one Ellipsis;
- collectives in a body: psum/pmean/pmax/pmin/ppermute/pcast keep the block's shape;
  `all_gather` multiplies dimension `axis` by the axes' size with `tiled=True` or inserts it;
  `psum_scatter(..., tiled=True)` divides `scatter_dimension`; `all_to_all(..., tiled=True)`
  divides `split_axis` and multiplies `concat_axis`;
- a shard_map's result: each dimension of the block times the sizes of the axes its out spec
  names.
Any other operation, or operands whose shapes do not fit its rule (JAX would raise there), leaves
the result's shape unknown: the sizes read off it are unknown numbers again, and a test of them
stops the run as before. A shape is only ever noted on a new array, never changed.
"""
from __future__ import annotations

import math

from codemods.analysis.argument_binding import bind
from codemods.analysis.array_extents import numpy_count
from codemods.analysis.array_dtypes import SCALAR_TYPES
from codemods.analysis.rearranged_shapes import method_rearranged, rearranged
from codemods.analysis.script_values import Arr, MeshObj, StrMember
from codemods.analysis.shapes import indexed as basic_indexed

_ELEMENTWISE = frozenset({
    *(f"jax.numpy.{name}" for name in (
        "exp", "log", "log1p", "expm1", "abs", "absolute", "tanh", "sqrt", "square", "sin", "cos", "negative",
        "sign", "floor", "ceil", "round", "reciprocal", "exp2", "log2", "log10", "logical_not", "isfinite",
        "isnan", "sigmoid", "cbrt", "rsqrt", "asarray", "array", "copy", "conj", "real", "zeros_like", "ones_like",
        "empty_like", "nan_to_num", "flip", "sort")),
    *(f"jax.nn.{name}" for name in (
        "relu", "gelu", "silu", "swish", "sigmoid", "softplus", "tanh", "softmax", "log_softmax", "elu",
        "leaky_relu", "relu6", "log_sigmoid", "standardize", "hard_tanh", "celu", "selu")),
    *(f"jax.lax.{name}" for name in ("rsqrt", "stop_gradient", "exp", "log", "tanh", "abs", "sqrt", "neg")),
    "jax.scipy.special.erf", "jax.numpy.full_like",
})
# NumPy's unary ufuncs keep their operand's shape (an array's; a Python number gives a rank-0 scalar).
_NUMPY_UNARY = frozenset(f"numpy.{name}" for name in (
    "exp", "log", "log1p", "expm1", "abs", "absolute", "fabs", "tanh", "sqrt", "square", "sin", "cos", "tan",
    "sinh", "cosh", "arctan", "negative", "positive", "sign", "floor", "ceil", "trunc", "rint", "reciprocal",
    "exp2", "log2", "log10", "logical_not", "isfinite", "isnan", "isinf", "cbrt", "conj", "conjugate",
    "round", "around", "fix"))


def unary_operand(name: str, args: list, kwargs: dict) -> Arr | None:
    """The host array a NumPy unary ufunc is called on (`np.log(x)`: its rank and length are
    x's), else None."""
    if name in _NUMPY_UNARY and len(args) == 1 and not kwargs and type(args[0]) is Arr and args[0].host:
        return args[0]
    return None


_KEEPING_KEYWORDS = frozenset({"axis", "approximate", "dtype", "negative_slope", "alpha", "copy"})
_BROADCAST = frozenset(f"{module}.{name}" for module in ("numpy", "jax.numpy") for name in (
    "maximum", "minimum", "add", "subtract", "multiply", "divide", "true_divide", "power", "where", "logical_and",
    "logical_or", "greater", "less", "equal", "not_equal", "greater_equal", "less_equal", "arctan2", "hypot",
    "mod", "remainder", "floor_divide"))
# Each reduction's parameters in order, the array first (jax 0.10.2's signatures).
_TYPED = ("a", "axis", "dtype", "out", "keepdims")
_UNTYPED = ("a", "axis", "out", "keepdims")
_MOMENTS = ("a", "axis", "dtype", "out", "ddof", "keepdims")
_REDUCTIONS = {  # (NumPy's take the same parameters in the same places)
    **{f"{module}.{name}": _TYPED for module in ("numpy", "jax.numpy") for name in ("sum", "mean", "prod", "nansum", "nanmean")},
    **{f"{module}.{name}": _UNTYPED for module in ("numpy", "jax.numpy")
       for name in ("max", "min", "amax", "amin", "any", "all", "argmax", "argmin")},
    **{f"{module}.{name}": _MOMENTS for module in ("numpy", "jax.numpy") for name in ("var", "std")},
    "jax.nn.logsumexp": ("a", "axis", "b", "keepdims"), "jax.scipy.special.logsumexp": ("a", "axis", "b", "keepdims")}
_METHOD_REDUCTIONS = {**{name: _TYPED[1:] for name in ("sum", "mean", "prod")},
                      **{name: _UNTYPED[1:] for name in ("max", "min", "any", "all", "argmax", "argmin")},
                      **{name: _MOMENTS[1:] for name in ("var", "std")}}
_METHOD_KEEPING = frozenset({"astype", "copy", "block_until_ready", "round", "conj", "__abs__"})
_SAME_BLOCK = frozenset(f"jax.lax.{name}" for name in ("psum", "pmean", "pmax", "pmin", "ppermute", "pcast", "pvary",
                                                         "pbroadcast", "psum_invariant"))
_MAKERS = frozenset(f"{module}.{name}" for module in ("numpy", "jax.numpy") for name in ("zeros", "ones", "empty", "full"))
_RANGES = frozenset(f"{module}.{name}" for module in ("numpy", "jax.numpy")
                    for name in ("arange", "linspace", "cumsum", "cumprod"))
_SAMPLERS = frozenset(f"jax.random.{name}" for name in ("normal", "uniform", "bernoulli_none", "truncated_normal_none"))


def shape_of(run, value: object) -> tuple | None:
    """The exact shape of `value` (an array, or a Python number, one the run does not know among
    them: `()`), or None."""
    if type(value) in (int, float, bool):
        return ()
    if type(value) is not Arr:
        from codemods.analysis.unknown_numbers import is_number

        return () if run is not None and is_number(run, value) else None  # (`float(loss)`: a number)
    if value.shape is not None or run is None:
        return value.shape
    if value.ndim == 0:
        return ()  # (a scalar the run made without noting its shape: `rng.uniform()`)
    from codemods.analysis.known_shapes import shape_of as made_shape

    return made_shape(run, value)


def note(value: object, shape: object) -> object:
    """`value`, a new array, now of `shape` (when it is one: non-negative ints, its rank if known)."""
    if type(value) is Arr and value.shape is None and type(shape) is tuple \
            and all(type(n) is int and n >= 0 for n in shape) and value.ndim in (None, len(shape)):
        value.shape, value.ndim = shape, len(shape)
        if shape and value.count is None and value.host:
            value.count = shape[0]  # (what `len` and iterating give: `len(y)` of a NumPy target, `y = np.log1p(...)`)
    return value


def _axis_sizes(run, axis_name: object) -> int | None:
    """The product of the sizes of the body's mesh axes `axis_name` names."""
    meshes = run.__dict__.get("_body_meshes")
    mesh = meshes[-1] if meshes and run.in_body else None
    if type(mesh) is not MeshObj or mesh.sizes is None or len(mesh.sizes) != len(mesh.names):
        return None
    names = axis_name if type(axis_name) in (tuple, list) else (axis_name,)
    sizes = dict(zip(mesh.names, mesh.sizes))
    total = 1
    for name in names:
        name = name.value if type(name) is StrMember else name
        if type(name) is not str or name not in sizes:
            return None
        total *= sizes[name]
    return total if len(set(names)) == len(names) else None


def broadcast(*shapes: tuple | None) -> tuple | None:
    if any(shape is None for shape in shapes):
        return None
    rank = max(len(shape) for shape in shapes)
    out = []
    for at in range(rank):
        sizes = {shape[len(shape) - rank + at] for shape in shapes if len(shape) - rank + at >= 0}
        if len(sizes - {1}) > 1:
            return None
        out.append(max(sizes - {1}) if sizes - {1} else 1)
    return tuple(out)


def _axes(axis: object, rank: int) -> tuple | None:
    """The dimensions `axis` names (an int, a tuple of ints, None: all), each once, or None."""
    if axis is None:
        return tuple(range(rank))
    given = (axis,) if type(axis) is int else axis
    if type(given) not in (tuple, list) or not all(type(a) is int and -rank <= a < rank for a in given):
        return None
    found = tuple(sorted(a % rank for a in given))
    return found if len(set(found)) == len(found) else None


def reduced(shape: tuple | None, axis: object, keepdims: object) -> tuple | None:
    if shape is None or type(keepdims) is not bool:
        return None
    axes = _axes(axis, len(shape))
    if axes is None:
        return None
    return tuple(1 if i in axes else n for i, n in enumerate(shape)) if keepdims \
        else tuple(n for i, n in enumerate(shape) if i not in axes)


def reshaped(shape: tuple | None, new: object) -> tuple | None:
    new = (new,) if type(new) is int else new
    if shape is None or type(new) not in (tuple, list) or not all(type(n) is int and n >= -1 for n in new) \
            or list(new).count(-1) > 1:
        return None
    size, rest = math.prod(shape), math.prod(n for n in new if n != -1)
    if -1 not in new:
        return tuple(new) if rest == size else None
    if rest <= 0 or size % rest:
        return None
    return tuple(size // rest if n == -1 else n for n in new)


def matmul(first: tuple | None, second: tuple | None) -> tuple | None:
    if first is None or second is None or not first or not second:
        return None
    if len(first) == 1 and len(second) == 1:
        return () if first == second else None
    if len(second) == 1:
        return first[:-1] if first[-1] == second[0] else None
    if len(first) == 1:
        return second[:-2] + second[-1:] if first[0] == second[-2] else None
    if first[-1] != second[-2]:
        return None
    batch = broadcast(first[:-2], second[:-2])
    return batch + (first[-2], second[-1]) if batch is not None else None


def matmul_rank(first: int | None, second: int | None) -> int | None:
    """The rank of `a @ b` from its operands' ranks, by the shape rule above (a 1-d operand's
    dimension is contracted away, so the rank is not simply the larger one)."""
    if first is None or second is None:
        return None
    shape = matmul((1,) * first, (1,) * second)
    return len(shape) if shape is not None else None


def einsum(subscripts: object, shapes: list) -> tuple | None:
    if type(subscripts) is not str or "->" not in subscripts or "." in subscripts or None in shapes:
        return None
    inputs, output = subscripts.replace(" ", "").split("->")
    terms = inputs.split(",")
    if len(terms) != len(shapes) or not all(term.isalpha() for term in terms) or output and not output.isalpha():
        return None
    sizes: dict = {}
    for term, shape in zip(terms, shapes):
        if len(term) != len(shape):
            return None
        for letter, n in zip(term, shape):
            if sizes.setdefault(letter, n) != n and 1 not in (n, sizes[letter]):
                return None  # (a size-1 dimension broadcasts; other mismatches raise)
            sizes[letter] = sizes[letter] if n == 1 else n  # (the other size wins, 0 too: not the larger)
    if len(set(output)) != len(output) or not set(output) <= set(sizes):
        return None
    return tuple(sizes[letter] for letter in output)


def indexed(shape: tuple | None, parts: list, run=None) -> tuple | None:
    """`x[parts]` of basic parts (ints, slices of ints or None, None, one Ellipsis), or of one
    integer array among whole slices (its shape in that dimension's place)."""
    if shape is None or sum(part is Ellipsis for part in parts) > 1:
        return None
    arrays = [at for at, part in enumerate(parts) if type(part) is Arr]
    if arrays:
        at, index = arrays[0], parts[arrays[0]]
        given = shape_of(run, index)
        if len(arrays) > 1 or given is None or index.dtype is None or index.dtype.kind not in "iu" \
                or at >= len(shape) or not all(type(part) is slice and part == slice(None) for part in parts if part is not index):
            return None
        return shape[:at] + given + shape[at + 1:]
    return basic_indexed(shape, parts)  # (the static analysis' rule: shapes.py)


_AT_LEAST = {"atleast_1d": (lambda s: (1,),),
             "atleast_2d": (lambda s: (1, 1), lambda s: (1, *s)),
             "atleast_3d": (lambda s: (1, 1, 1), lambda s: (1, *s, 1), lambda s: (*s, 1))}


def library_shape(run, name: str, args: list, kwargs: dict) -> tuple | None:
    """The shape of what library call `name` (canonical) gives, where its rule and its operands' shapes fix it."""
    short = name.rsplit(".", 1)[-1]
    if name in _FROM_LISTS and 1 <= len(args) <= 2 and set(kwargs) <= {"dtype"} and type(args[0]) in (list, tuple, Arr) \
            and all(type(value) is not Arr for value in [*args[1:], *kwargs.values()]):
        # (`np.asarray(rewards, np.float32)` of a list the run holds; `np.asarray(params)` of an array: its shape)
        return shape_of(run, args[0]) if type(args[0]) is Arr else listed(run, args[0])
    if name in _ELEMENTWISE and len(args) == 1 and set(kwargs) <= _KEEPING_KEYWORDS \
            and all(type(value) is not Arr for value in kwargs.values()) and not (short == "cumsum" and "axis" not in kwargs):
        return shape_of(run, args[0]) if type(args[0]) is Arr or short not in ("asarray", "array") else None
    if name in _NUMPY_UNARY and len(args) == 1 and set(kwargs) <= {"dtype"} and type(kwargs.get("dtype")) is not Arr:
        return shape_of(run, args[0])
    if name.rpartition(".")[0] in ("numpy", "jax.numpy") and short in SCALAR_TYPES and len(args) == 1 and not kwargs \
            and type(args[0]) in (int, float, bool):
        return ()  # (`jnp.float32(2.0)`: a scalar of rank 0)
    if name in _BROADCAST and args and set(kwargs) <= {"dtype"}:
        return broadcast(*(shape_of(run, arg) for arg in args))
    if name in _REDUCTIONS:
        given = bind(_REDUCTIONS[name], args, kwargs)
        if given is None or given.get("out") is not None or given.get("b") is not None or "a" not in given \
                or short in ("argmax", "argmin") and type(given.get("axis")) not in (int, type(None)):
            return None
        return reduced(shape_of(run, given["a"]), given.get("axis"), given.get("keepdims", False))
    if name == "jax.numpy.einsum" and args and not set(kwargs) - {"precision", "preferred_element_type", "optimize"}:
        return einsum(args[0], [shape_of(run, arg) for arg in args[1:]])
    if name == "numpy.einsum" and args and not set(kwargs) - {"optimize"}:
        # (NumPy's, of the same rule, checked on NumPy 2.4: `np.einsum("bh,hau->bau", h, w)` on the host
        # policy's weights; a size-1 dimension broadcasts across operands, not within one: `ii` of a
        # 1 x 3 operand raises ValueError)
        shapes = [shape_of(run, arg) for arg in args[1:]]
        terms = args[0].split("->")[0].replace(" ", "").split(",") if type(args[0]) is str else []
        if len(terms) == len(shapes) and all(shape is not None and len(term) == len(shape) and all(
                len({n for letter, n in zip(term, shape) if letter == one}) == 1 for one in term)
                for term, shape in zip(terms, shapes)):
            return einsum(args[0], shapes)
        return None
    if name in ("jax.numpy.matmul", "jax.numpy.dot") and len(args) == 2 and not kwargs:
        first, second = shape_of(run, args[0]), shape_of(run, args[1])
        if short == "dot" and (first is None or second is None or len(first) > 2 or len(second) > 2):
            return None
        return matmul(first, second)
    if name in ("numpy.roll", "jax.numpy.roll"):
        return _rolled(run, args, kwargs)
    if name in ("jax.numpy.reshape", "numpy.reshape") and len(args) == 2 and not kwargs:
        return reshaped(shape_of(run, args[0]), args[1])
    if name in ("numpy.outer", "jax.numpy.outer") and len(args) == 2 and not kwargs:
        first, second = shape_of(run, args[0]), shape_of(run, args[1])  # (each operand flattened)
        return None if first is None or second is None else (math.prod(first), math.prod(second))
    if name in ("jax.numpy.transpose", "numpy.transpose") and args and len(args) <= 2 and not kwargs:
        return transposed(shape_of(run, args[0]), args[1] if len(args) == 2 else None)
    if name in ("jax.numpy.swapaxes", "numpy.swapaxes") and len(args) == 3 and not kwargs:
        return swapped(shape_of(run, args[0]), args[1], args[2])
    if name in ("jax.numpy.expand_dims", "numpy.expand_dims") and len(args) == 2 and not kwargs:
        shape = shape_of(run, args[0])
        axes = _axes(args[1], len(shape) + (1 if type(args[1]) is int else len(args[1]) if type(args[1]) in (
            tuple, list) else 0)) if shape is not None else None
        if axes is None:
            return None
        rest = iter(shape)
        return tuple(1 if i in axes else next(rest) for i in range(len(shape) + len(axes)))
    if name == "jax.numpy.squeeze" and args and bind(("a", "axis"), args, kwargs) is not None:
        shape, axis = shape_of(run, args[0]), bind(("a", "axis"), args, kwargs).get("axis")
        if shape is None:
            return None
        axes = tuple(i for i, n in enumerate(shape) if n == 1) if axis is None else _axes(axis, len(shape))
        return None if axes is None or any(shape[i] != 1 for i in axes) else tuple(
            n for i, n in enumerate(shape) if i not in axes)
    if name in ("jax.numpy.concatenate", "jax.numpy.stack", "numpy.concatenate", "numpy.stack") and args and len(args) <= 2 and set(kwargs) <= {"axis"} \
            and (args[1] if len(args) == 2 else kwargs.get("axis", 0)) is not None:
        return joined(run, short, args[0], args[1] if len(args) == 2 else kwargs.get("axis", 0))
    if name == "jax.nn.one_hot" and len(args) == 2 and set(kwargs) <= {"dtype"} and type(args[1]) is int:
        shape = shape_of(run, args[0])
        return shape + (args[1],) if shape is not None and args[1] >= 0 else None
    if short in ("eye", "identity") and name.rpartition(".")[0] in ("numpy", "jax.numpy") and args \
            and type(args[0]) is int and args[0] >= 0 and (len(args) <= 2 and set(kwargs) <= {"M", "k", "dtype"}
                                                          if short == "eye" else len(args) == 1 and set(kwargs) <= {"dtype"}):
        cols = args[1] if len(args) == 2 else kwargs.get("M")  # (`np.eye(n)`: n x n; `np.eye(n, m)`: n x m)
        cols = args[0] if cols is None else cols
        return (args[0], cols) if type(cols) is int and cols >= 0 else None
    if short in _AT_LEAST and name.rpartition(".")[0] in ("numpy", "jax.numpy") and len(args) == 1 and not kwargs:
        shape = shape_of(run, args[0])  # (`np.atleast_2d(x)`: ones put before (and, for 3-D, after) what x has)
        return None if shape is None else _AT_LEAST[short][len(shape)](shape) if len(shape) < len(_AT_LEAST[short]) \
            else shape
    if name in _MAKERS and args and set(kwargs) <= {"dtype"} and len(args) <= (3 if short == "full" else 2):
        shape = (args[0],) if type(args[0]) is int else args[0]
        return tuple(shape) if type(shape) in (tuple, list) else None
    if name in _RANGES and short != "cumsum" and (count := numpy_count(name.replace("jax.numpy.", "numpy."), args, kwargs)) \
            is not None:
        return (count,)  # (`np.linspace(a, b, n)`, `np.arange(n)`: array_extents.py)
    if short in ("cumsum", "cumprod") and name in _RANGES and len(args) == 1 and set(kwargs) <= {"dtype"}:
        shape = shape_of(run, args[0])
        return (math.prod(shape),) if shape is not None else None  # (no axis: flattened)
    if name in _SAMPLERS and len(args) >= 2 and not kwargs:
        shape = (args[1],) if type(args[1]) is int else args[1]
        return tuple(shape) if type(shape) in (tuple, list) else None
    if name in ("jax.numpy.full_like", "numpy.full_like") and len(args) == 2 and set(kwargs) <= {"dtype"} \
            and type(args[0]) is Arr:
        return shape_of(run, args[0])
    if name == "jax.numpy.take" and len(args) == 2 and set(kwargs) == {"axis"} and type(kwargs["axis"]) is int \
            and type(args[1]) is Arr and args[1].dtype is not None and args[1].dtype.kind in "iu":
        shape, given, axis = shape_of(run, args[0]), shape_of(run, args[1]), kwargs["axis"]
        if shape is None or given is None or not -len(shape) <= axis < len(shape):
            return None
        axis %= len(shape)
        return shape[:axis] + given + shape[axis + 1:]  # (JAX fills out-of-range indices: no raise)
    if name in ("jax.numpy.clip", "numpy.clip") and 1 <= len(args) <= 3 and not kwargs \
            and all(type(arg) in (int, float) or arg is None for arg in args[1:]):
        return shape_of(run, args[0])  # (bounds that are numbers)
    if name == "jax.numpy.take_along_axis" and len(args) == 3 and not kwargs or name == "jax.numpy.take_along_axis" \
            and len(args) == 2 and set(kwargs) == {"axis"}:
        return _along(shape_of(run, args[0]), shape_of(run, args[1]), args[2] if len(args) == 3 else kwargs["axis"])
    if name == "jax.lax.axis_index" and run.in_body:
        return ()
    if name in _SAME_BLOCK and args and run.in_body:
        return shape_of(run, args[0])
    if short in ("all_gather", "psum_scatter", "all_to_all") and name.startswith("jax.lax.") and run.in_body:
        return _collective_shape(run, short, args, kwargs)
    return rearranged(lambda value: shape_of(run, value), name, args, kwargs)  # (rearranged_shapes.py)


def _rolled(run, args: list, kwargs: dict) -> tuple | None:
    """`np.roll(a, shift, axis)`: a's own shape (its items moved along the axis, or along the
    flattened array for axis None), where the call is valid: an int shift and an axis in range."""
    given = bind(("a", "shift", "axis"), args, kwargs)
    if given is None or type(given.get("a")) is not Arr or type(given.get("shift")) is not int:
        return None
    shape, axis = shape_of(run, given["a"]), given.get("axis")
    if shape is None or not (axis is None or type(axis) is int and -len(shape) <= axis < len(shape)):
        return None
    return shape


def _along(shape: tuple | None, indices: tuple | None, axis: object) -> tuple | None:
    """`take_along_axis(a, indices, axis)`: the indices' size at `axis`, the others broadcast."""
    if shape is None or indices is None or len(shape) != len(indices) or type(axis) is not int \
            or not -len(shape) <= axis < len(shape):
        return None
    axis %= len(shape)
    out = []
    for at, (a, b) in enumerate(zip(shape, indices)):
        if at == axis:
            out.append(b)
        elif a == b or 1 in (a, b):
            out.append(max(a, b) if 1 in (a, b) else a)
        else:
            return None
    return tuple(out)


def transposed(shape: tuple | None, axes: object) -> tuple | None:
    if shape is None:
        return None
    if axes is None:
        return tuple(reversed(shape))
    order = _axes(axes, len(shape)) if type(axes) in (tuple, list) and len(axes) == len(shape) else None
    return tuple(shape[a % len(shape)] for a in axes) if order is not None else None


def swapped(shape: tuple | None, first: object, second: object) -> tuple | None:
    if shape is None or not all(type(a) is int and -len(shape) <= a < len(shape) for a in (first, second)):
        return None
    out = list(shape)
    out[first], out[second] = out[second], out[first]
    return tuple(out)


_FROM_LISTS = frozenset(f"{module}.{name}" for module in ("numpy", "jax.numpy") for name in ("asarray", "array"))


def listed(run, items: list | tuple) -> tuple | None:
    """The shape of an array made from a list or tuple the run holds: its length, then the one
    shape every item has (Python numbers, the run's unknown numbers among them: `()`; arrays;
    nested lists of equal shapes). Items of different or unknown shapes: None."""
    from codemods.analysis.unknown_numbers import is_number

    shapes = {listed(run, item) if type(item) in (list, tuple) else () if is_number(run, item)
              else shape_of(run, item) for item in items}
    if not items or len(shapes) != 1 or None in shapes:
        return (0,) if not items else None
    return (len(items), *shapes.pop())


def joined(run, short: str, arrays: object, axis: object) -> tuple | None:
    if type(arrays) not in (tuple, list) or not arrays or type(axis) is not int:
        return None
    shapes = [shape_of(run, array) if type(array) is Arr else None for array in arrays]
    if None in shapes or len(set(shapes if short == "stack" else [len(s) for s in shapes])) != 1:
        return None
    rank = len(shapes[0]) + (1 if short == "stack" else 0)
    if rank == 0 or not -rank <= axis < rank:
        return None
    axis %= rank
    if short == "stack":
        return shapes[0][:axis] + (len(shapes),) + shapes[0][axis:]
    if len({shape[:axis] + shape[axis + 1:] for shape in shapes}) != 1:
        return None
    return shapes[0][:axis] + (sum(shape[axis] for shape in shapes),) + shapes[0][axis + 1:]


def _collective_shape(run, short: str, args: list, kwargs: dict) -> tuple | None:
    names = {"all_gather": ("x", "axis_name", "axis_index_groups", "axis", "tiled", "to"),
             "psum_scatter": ("x", "axis_name", "scatter_dimension", "axis_index_groups", "tiled"),
             "all_to_all": ("x", "axis_name", "split_axis", "concat_axis", "axis_index_groups", "tiled")}[short]
    given = bind(names, args, kwargs)
    if len(args) > (4 if short == "all_to_all" else 2) or given is None or "x" not in given or "axis_name" not in given or given.get("axis_index_groups") is not None \
            or type(given["x"]) is not Arr or given.get("tiled", False) is not True and short != "all_gather":
        return None
    shape, size = shape_of(run, given["x"]), _axis_sizes(run, given["axis_name"])
    if shape is None or size is None:
        return None
    tiled = given.get("tiled", False)
    if type(tiled) is not bool:
        return None
    if short == "all_gather":
        axis = given.get("axis", 0)
        rank = len(shape) + (0 if tiled else 1)
        if type(axis) is not int or not -rank <= axis < rank or tiled and not shape:
            return None
        axis %= rank
        return shape[:axis] + (shape[axis] * size,) + shape[axis + 1:] if tiled else shape[:axis] + (size,) + shape[axis:]
    if short == "psum_scatter":
        axis = given.get("scatter_dimension", 0)
        if type(axis) is not int or not -len(shape) <= axis < len(shape) or shape[axis] % size:
            return None
        axis %= len(shape)
        return shape[:axis] + (shape[axis] // size,) + shape[axis + 1:]
    split, concat = given.get("split_axis"), given.get("concat_axis")
    if not all(type(a) is int and -len(shape) <= a < len(shape) for a in (split, concat)) or shape[split] % size:
        return None
    out = list(shape)
    out[split] //= size
    out[concat] *= size
    return tuple(out)


def method_shape(run, owner: Arr, name: str, args: list, kwargs: dict) -> tuple | None:
    """The shape of `owner.name(*args, **kwargs)` (`owner` a NumPy generator for its samplers)."""
    from codemods.analysis.array_extents import generated_size

    size = generated_size(name, args, kwargs)  # (`rng.standard_normal((8, 16))`: its `size`)
    if size is not None:
        size = (size,) if type(size) is int else size
        return tuple(size) if type(size) in (tuple, list) else None
    shape = shape_of(run, owner)
    if shape is None:
        return None
    if name in _METHOD_KEEPING and len(args) <= 1 and set(kwargs) <= {"dtype", "copy"}:
        return shape if name in ("astype", "copy", "block_until_ready", "__abs__") or name == "round" and not kwargs \
            else None
    if name in _METHOD_REDUCTIONS:
        given = bind(_METHOD_REDUCTIONS[name], args, kwargs)
        if given is None or given.get("out") is not None \
                or name in ("argmax", "argmin") and type(given.get("axis")) not in (int, type(None)):
            return None
        return reduced(shape, given.get("axis"), given.get("keepdims", False))
    if name == "reshape" and args and not kwargs:
        return reshaped(shape, args[0] if len(args) == 1 else tuple(args))
    if name == "transpose" and not kwargs:
        return transposed(shape, None if not args else args[0] if len(args) == 1 and type(args[0]) in (
            tuple, list) else tuple(args))
    if name == "swapaxes" and len(args) == 2 and not kwargs:
        return swapped(shape, args[0], args[1])
    if name in ("ravel", "flatten") and not args and not kwargs:
        return (math.prod(shape),)
    if name == "squeeze" and not args and not kwargs:
        return tuple(n for n in shape if n != 1)
    return method_rearranged(shape, name, args, kwargs)  # (rearranged_shapes.py)


def operated(run, op: type, left: object, right: object) -> tuple | None:
    """The shape of `left op right` (an arithmetic operator or `@`)."""
    import ast

    if op is ast.MatMult:
        return matmul(shape_of(run, left), shape_of(run, right)) if Arr in (type(left), type(right)) else None
    return broadcast(shape_of(run, left), shape_of(run, right))
