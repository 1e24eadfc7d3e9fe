"""The dtype of floating arrays through what a script run computes with them (issue 13).

A run-time type checker tests each argument's dtype kind as well as its shape
(`jnp.result_type(x).kind in "f"` for `Float[Array, "b d"]`), on arrays a shard_map body computed:
`jax.nn.gelu(jnp.einsum(...))`, `psum(h @ w, "model")`, `x * scale`. The run knows the dtype of
what the program placed (array_dtypes.py); here it follows a floating one through the operations
that keep it, as JAX 0.10.2 computes them (checked): a float function of one floating array
(`exp`, `tanh`, `gelu`, `softmax`, `rsqrt`, ...), a reduction that averages or sums it (`sum`,
`mean`, `max`, `min`, `var`, `std`, `logsumexp`), a contraction of two arrays of the same floating
dtype (`einsum`, `@`, `matmul`, `dot`), the collectives (each keeps its operand's dtype), and
arithmetic of two arrays of one floating dtype, or of one and a Python number (weakly typed: the
array's dtype wins). Anything else (two dtypes promoted together, an integer operand) leaves the
dtype unknown, as before.
"""
from __future__ import annotations

import ast

from codemods.analysis.array_dtypes import DType, on_device
from codemods.analysis.promoted_dtypes import promoted
from codemods.analysis.script_values import Arr

_KEEPING = frozenset({
    *(f"jax.numpy.{name}" for name in (
        "exp", "log", "log1p", "expm1", "abs", "tanh", "sqrt", "square", "sin", "cos", "negative", "sign", "floor",
        "ceil", "round", "reciprocal", "exp2", "log2", "log10", "cbrt", "asarray", "copy", "zeros_like", "ones_like",
        "sum", "mean", "max", "min", "amax", "amin", "prod", "var", "std", "nansum", "nanmean", "reshape",
        "transpose", "swapaxes", "expand_dims", "squeeze", "flip", "sort", "concatenate", "stack", "maximum",
        "minimum", "where", "take_along_axis", "take")),
    *(f"jax.nn.{name}" for name in (
        "relu", "gelu", "silu", "swish", "sigmoid", "softplus", "tanh", "softmax", "log_softmax", "elu",
        "leaky_relu", "relu6", "log_sigmoid", "standardize", "logsumexp")),
    *(f"jax.lax.{name}" for name in ("rsqrt", "stop_gradient", "exp", "log", "tanh", "abs", "sqrt", "neg", "psum",
                                      "pmean", "pmax", "pmin", "ppermute", "pcast", "pvary", "all_gather",
                                      "psum_scatter", "all_to_all")),
    "jax.scipy.special.logsumexp", "jax.numpy.einsum", "jax.numpy.matmul", "jax.numpy.dot",
    *(f"numpy.{name}" for name in ("cumsum", "cumprod", "sqrt", "exp", "log", "tanh", "abs", "square", "maximum",
                                   "minimum", "sum", "mean", "max", "min", "amax", "amin", "prod", "var", "std",
                                   "einsum")),
})
_LIKE = frozenset({"jax.numpy.zeros_like", "jax.numpy.ones_like", "jax.numpy.full_like"})
# Integer arrays keep their dtype through these (with Python ints beside them).
_INTEGRAL = frozenset({
    *(f"jax.numpy.{name}" for name in ("maximum", "minimum", "where", "abs", "negative", "asarray", "copy")),
    *(f"jax.lax.{name}" for name in ("psum", "pmax", "pmin", "ppermute", "pcast", "all_gather", "psum_scatter",
                                      "all_to_all", "stop_gradient"))})
_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow, ast.MatMult)


def _floating(value: object) -> object:
    """The dtype of a floating array, or None."""
    return value.dtype if type(value) is Arr and value.dtype is not None and value.dtype.kind == "f" else None


def _one(dtypes: list) -> object:
    """The one dtype all of `dtypes` are (a floating one), or None."""
    if not dtypes or any(dtype is None for dtype in dtypes):
        return None
    first = dtypes[0]
    return first if all(dtype.name == first.name and dtype.kind == first.kind for dtype in dtypes) else None


# NumPy ufuncs that give float64 for a Python int or float (`np.sqrt(4)`: np.float64; of a bool
# float16, of an int past int64's range an error or an object: not followed), NumPy 2.4 checked.
_HOST_FLOAT = frozenset(f"numpy.{name}" for name in ("sqrt", "exp", "log", "log1p", "expm1", "tanh", "sin", "cos",
                                                     "log2", "log10", "exp2", "cbrt"))


def _given(name: str, args: list, kwargs: dict) -> object:
    """The dtype of a call whose dtype is fixed whatever its operands hold, or None."""
    from codemods.analysis.array_dtypes import named, requested

    if name in _HOST_FLOAT and len(args) == 1 and not kwargs and (
            type(args[0]) is float or type(args[0]) is int and -(1 << 63) <= args[0] < (1 << 63)):
        return named("float64")
    if name == "jax.lax.axis_index" and len(args) == 1 and not kwargs:
        return named("int32")  # (int32 whatever the x64 flag, checked on jax 0.10.2)
    if name == "jax.nn.one_hot" and len(args) == 2 and set(kwargs) <= {"dtype", "axis"}:
        if kwargs.get("dtype") is None:
            return DType(None, "f")  # (the default float type: the x64 flag decides its width)
        return requested(kwargs["dtype"], False)
    return None


def _floating_kind(dtypes: list) -> object:
    """Floating dtypes of different (or unknown) widths together: JAX and NumPy promote floating
    with floating to floating (bfloat16, kind "V", left out), of a width the run does not follow."""
    if dtypes and all(dtype is not None and dtype.kind == "f" for dtype in dtypes):
        return DType(None, "f")
    return None


def library_dtype(name: str, args: list, kwargs: dict) -> object:
    if (found := _given(name, args, kwargs)) is not None:
        return found
    if name in _LIKE and 1 <= len(args) <= 2 and not kwargs and type(args[0]) is Arr and args[0].dtype is not None:
        return args[0].dtype if args[0].dtype.kind in "fiub" else None  # (`full_like(t, step)`: t's dtype)
    if name in ("jax.numpy.sum", "jax.numpy.prod") and 1 <= len(args) <= 2 and set(kwargs) <= {"axis", "keepdims"} \
            and (found := _summed(args[0])) is not None and not args[0].host:
        return found
    if name in _INTEGRAL and "dtype" not in kwargs and (found := _integral(name, args)) is not None:
        return found
    if name not in _KEEPING or "dtype" in kwargs or "preferred_element_type" in kwargs:
        return None
    operands = args[1:] if name in ("jax.numpy.einsum", "numpy.einsum") else args[:1] if name.startswith("jax.lax.") else args
    if name in ("jax.numpy.concatenate", "jax.numpy.stack") and args and type(args[0]) in (tuple, list):
        operands = list(args[0])
    elif name == "jax.numpy.where":
        operands = args[1:]
    arrays = [value for value in operands if type(value) is Arr]
    if not arrays or any(type(value) not in (Arr, int, float) for value in operands):
        return None  # (a list, a dtype, an axis tuple as an operand: not followed)
    if name.rsplit(".", 1)[-1] in ("sum", "mean", "max", "min", "amax", "amin", "prod", "var", "std", "nansum",
                                   "nanmean", "reshape", "transpose", "swapaxes", "expand_dims", "squeeze",
                                   "logsumexp", "take_along_axis", "take") or name.startswith("jax.lax."):
        if len(args) > (3 if name.endswith(("swapaxes", "take_along_axis")) else 2) and not name.startswith("jax.lax."):
            return None  # (a positional dtype, an `out`)
        arrays = arrays[:1]  # (the rest are axes, shapes, names)
    found = _one([_floating(value) for value in arrays])
    found = _floating_kind([_floating(value) for value in arrays]) if found is None else found
    return on_device(found) if name.startswith("jax.") else found  # (a host float64 array placed: x64 decides)


def _integral(name: str, args: list) -> object:
    """The one integer dtype of the arrays an integer-keeping call takes with Python ints."""
    operands = args[:1] if name.startswith("jax.lax.") else args[1:] if name == "jax.numpy.where" else args
    arrays = [value for value in operands if type(value) is Arr]
    if not arrays or any(type(value) not in (Arr, int) for value in operands) \
            or any(value.dtype is None or value.dtype.kind not in "iu" for value in arrays):
        return None
    found = _one([value.dtype for value in arrays])
    return on_device(found) if found is not None else None


def binary_dtype(op: type, left: object, right: object) -> object:
    if (found := promoted(op, left, right)) is not None:
        return found  # (two floating dtypes: promoted_dtypes.py)
    if op in (ast.Add, ast.Sub, ast.Mult) and {type(left), type(right)} <= {Arr, int} and all(
            type(side) is int or side.dtype is not None and side.dtype.kind in "iu" and not side.host for side in (left, right)):
        return _one([side.dtype for side in (left, right) if type(side) is Arr])  # (`tt - 1` of an int32 array)
    if op not in _ARITHMETIC:
        return None
    arrays = [side for side in (left, right) if type(side) is Arr]
    if len(arrays) == 2 and len({side.host for side in arrays}) > 1 and all(
            side.dtype is not None and side.dtype.kind == "f" for side in arrays):
        return DType(None, "f")  # (`x / np.sqrt(d)`: floating, as wide as the x64 flag lets the host side make it)
    if any(type(side) not in (Arr, int, float) for side in (left, right)) or len({side.host for side in arrays}) > 1:
        return None  # (a host array with a device one: JAX places the host one first)
    floats = [value for value in arrays if value.dtype is None or value.dtype.kind not in "iub"]
    if len(floats) == 1 and len(arrays) == 2 and not arrays[0].host and op is not ast.Pow:
        arrays = floats  # (JAX promotes an integer or bool array with a floating one to the floating dtype)
    found = _one([_floating(value) for value in arrays])
    found = _floating_kind([_floating(value) for value in arrays]) if found is None else found
    return on_device(found) if found is not None and not arrays[0].host else found


def _summed(value: object) -> object:
    """`sum`/`prod` of an integer or bool array: the default integer of its signedness (x64 decides the width)."""
    if type(value) is not Arr or value.dtype is None or value.dtype.kind not in "iub":
        return None
    return DType(None, "u" if value.dtype.kind == "u" else "i")


def method_dtype(owner: object, name: str) -> object:
    if name in ("sum", "prod") and (found := _summed(owner)) is not None:
        return found
    if name in ("sum", "mean", "max", "min", "prod", "var", "std", "copy", "reshape", "transpose", "squeeze",
                "ravel", "flatten", "swapaxes", "block_until_ready"):
        return _floating(owner)
    return None


def kept(result: object, dtype: object) -> None:
    if type(result) is Arr and result.dtype is None and dtype is not None:
        result.dtype = dtype
