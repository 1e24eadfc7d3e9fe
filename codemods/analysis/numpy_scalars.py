"""NumPy scalars and ndarrays of rank 0 in a script run (script_run.py; adversarial36).

The run holds both as a host `Arr` of rank 0, but they answer type tests differently (checked
with NumPy 2.4 on this machine):
- a NumPy SCALAR (an `np.generic`: `np.float64`, `np.float32`, `np.int64`, `np.bool`, ...) is what
  a reduction over a whole array gives (`a.mean()`, `a.sum()`, `a.max()`, `np.min(a)`), what a
  full integer index gives (`a[1]` of a vector, `m[1, 2]` of a matrix, each item of iterating a
  vector) and what a scalar type gives of a rank-0 operand (`np.float32(a.mean())`,
  `np.float32(np.zeros(()))`). It is no ndarray (`isinstance(v, np.ndarray)` is False); an
  `np.float64` (`np.double`) derives from Python's `float`, so `isinstance(v, float)` is True for
  it and for no other NumPy scalar type here (np.float32, np.int64 and np.bool derive from none of
  `int`, `float`, `bool`, `str`; an `np.complex128` derives from `complex`, which the run's test
  does not ask about);
- an ndarray of rank 0 is what NumPy's constructors give (`np.array(1.0)`, `np.zeros(())`,
  known_shapes.ndarray): `isinstance(v, np.ndarray)` is True, `isinstance(v, float)` False;
- an array of rank 1 or more is always an ndarray.
`Arr.generic` holds which, where the run knows it: True for a NumPy scalar (marked by `scalar`
where one is made), False for an ndarray; None when unknown (anything else of rank 0 or of
unknown rank: a ufunc of rank-0 operands gives a scalar, `x.copy()` of one an ndarray, ...): then
a type test that depends on it stops the run. `np.isscalar(v)` is True of a NumPy scalar, False of
an ndarray of any rank (script_jax.py).

A scalar type called on an array of rank 1 or more (`np.float64(a)`) gives an ndarray: `a` itself
when `a` already has that dtype (`np.float64(a) is a`, checked for every numeric dtype), else a new
ndarray of that dtype (host_scalar_casts.py).
"""
from __future__ import annotations

from codemods.analysis.array_dtypes import SCALAR_ALIASES
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Arr

# NumPy's abstract scalar classes: the dtype kinds under each (`np.bool` is a `generic` only).
_ABSTRACT = {"generic": "biufc", "number": "iufc", "integer": "iu", "signedinteger": "i", "unsignedinteger": "u",
             "inexact": "fc", "floating": "f", "complexfloating": "c"}
# Sized scalar classes whose identity with one dtype is certain (NumPy 2.4, Linux x86-64: `np.intp`
# is `np.int64`, `np.intc` `np.int32`; `np.longlong` is a class of its own, left out).
_SIZED = {"int8": "int8", "int16": "int16", "int32": "int32", "int64": "int64", "uint8": "uint8",
          "uint16": "uint16", "uint32": "uint32", "uint64": "uint64", "intp": "int64", "uintp": "uint64",
          "float16": "float16", "float32": "float32", "float64": "float64", "complex64": "complex64",
          "complex128": "complex128", "byte": "int8", "ubyte": "uint8", "short": "int16", "ushort": "uint16",
          "uintc": "uint32", **SCALAR_ALIASES}


def scalar(made: object, operand: object) -> object:
    """`made`, a host array of rank 0 that NumPy gives of `operand` as a NumPy scalar: so marked
    when `operand` is an array of a numeric dtype the run knows, or a list of Python numbers. An
    item of an object array is the object it holds (`a[0]` may be an ndarray, `a.sum()` a Python
    float), and the run holds no object dtype: those are left unknown."""
    numeric = type(operand) in (list, tuple) or type(operand) is Arr and operand.host and operand.dtype is not None \
        and operand.dtype.kind in "biufc"
    if type(made) is Arr and made.host and made.ndim == 0 and numeric:
        made.generic = True
    return made


def is_ndarray(run, obj: Arr) -> bool:
    """`isinstance(obj, np.ndarray)` of a host array; the run stops where it does not know."""
    from codemods.analysis.known_shapes import ndarray

    if type(obj.ndim) is int and obj.ndim > 0 or obj.generic is False or ndarray(run, obj):
        return True
    if obj.generic is True and obj.ndim == 0:
        return False
    raise Bail  # (a value of rank 0 or of unknown rank made otherwise: a NumPy scalar or an ndarray)


def builtin_instance(run, obj: Arr, kind: type) -> bool:
    """`isinstance(obj, kind)` of a host array, `kind` one of Python's own types (int, float, str,
    bool, list, ...): True only for a NumPy float64 scalar and `float`."""
    if kind is not float:
        return False  # (no ndarray, nor NumPy scalar, derives from int, bool, str, a container or NoneType)
    if is_ndarray(run, obj):
        return False
    if obj.dtype is None or obj.dtype.name is None:
        raise Bail
    return obj.dtype.name == "float64"


def scalar_instance(run, obj: object, name: str) -> bool | None:
    """`isinstance(obj, np.<name>)` (a NumPy scalar class) of a host array: False for an ndarray,
    by its dtype for a NumPy scalar; None where the run does not know."""
    if type(obj) is not Arr or not obj.host:
        return None
    try:
        if is_ndarray(run, obj):
            return False
    except Bail:
        return None
    if name in _ABSTRACT and obj.dtype is not None and (name == "generic" or obj.dtype.kind in "biufc"):
        return obj.dtype.kind in _ABSTRACT[name] or name == "generic"
    if name in _SIZED and obj.dtype is not None and obj.dtype.name is not None:
        return _SIZED[name] == obj.dtype.name
    return True if name == "generic" else None


_REDUCING = frozenset({"sum", "mean", "prod", "max", "min", "any", "all", "argmax", "argmin", "var", "std"})


def method(run, method, args: list, kwargs: dict, result: object) -> object:
    """`result` of `x.name(...)`, a method of a host array: a reduction to rank 0 (`a.mean()`,
    `a.sum(0)` of a vector, `a.argmax()`) gives a NumPy scalar, as it does of a rank-0 array;
    `x.astype(t)` of a NumPy scalar a NumPy scalar, of an ndarray an ndarray (NumPy 2.4)."""
    owner = method.owner
    if type(owner) is not Arr or not owner.host or type(result) is not Arr or result is owner or not result.host:
        return result
    if method.name in _REDUCING and result.ndim == 0 and len(args) <= 1 and set(kwargs) <= {"axis", "dtype", "ddof"}:
        return scalar(result, owner)  # (no `out=`: an array handed to be written would be returned)
    if method.name == "astype" and owner.ndim == 0 and result.ndim == 0 and owner.generic is not None:
        result.generic = owner.generic
    return result
