"""The element types of the arrays a script run holds (script_run.py; issue 13).

Training code asks its arrays what they hold before it decides what to do with them: a precision
plugin casts only the floating leaves of a batch (`a.astype(dt) if a.dtype.kind == "f" else a`),
a helper takes one path for bfloat16 inputs (`x.dtype == jnp.bfloat16`) and another for the rest,
a loader checks `jnp.issubdtype(x.dtype, jnp.integer)`. Such a test decides which code runs, so the
run answers it only where the answer is certain, and stops (Bail) everywhere else.

An array's dtype is known where the program fixed it: NumPy's own defaults (`np.zeros` gives
float64, a seeded generator's `integers` int64, `standard_normal` float64), an explicit `dtype=`
or `.astype(dt)`, and what indexing, reshaping or copying keeps. JAX stores a 64-bit request as
32 bits unless `jax_enable_x64` is on, a flag the user may set outside the program (the
`JAX_ENABLE_X64` environment variable): a JAX array asked for a 64-bit type (or made with a
default type) has a known kind ("f", "i") but no known width, so `.kind` and `jnp.issubdtype`
answer, while `== jnp.float32` stops the run unless the kinds already differ.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Arr, Lib

# name: (kind, itemsize), as NumPy (and ml_dtypes for bfloat16, whose kind is "V") report them.
_TYPES = {"bool": ("b", 1), "int8": ("i", 1), "int16": ("i", 2), "int32": ("i", 4), "int64": ("i", 8),
          "uint8": ("u", 1), "uint16": ("u", 2), "uint32": ("u", 4), "uint64": ("u", 8), "float16": ("f", 2),
          "float32": ("f", 4), "float64": ("f", 8), "complex64": ("c", 8), "complex128": ("c", 16),
          "bfloat16": ("V", 2)}
SCALAR_ALIASES = {"bool_": "bool", "single": "float32", "double": "float64", "half": "float16", "int_": "int64",
            "intc": "int32", "csingle": "complex64", "cdouble": "complex128"}
_CODES = {"f2": "float16", "f4": "float32", "f8": "float64", "i1": "int8", "i2": "int16", "i4": "int32",
          "i8": "int64", "u1": "uint8", "u2": "uint16", "u4": "uint32", "u8": "uint64", "c8": "complex64",
          "c16": "complex128", "?": "bool"}
SCALAR_TYPES = frozenset(_TYPES) | frozenset(SCALAR_ALIASES)  # (`np.float32(1.0)`: constructors of scalars)
# What JAX stores for a 64-bit request: 32 bits unless x64 is on (unknown to the run: None).
_WIDE = frozenset({"float64", "int64", "uint64", "complex128"})
_PYTHON = {float: "float64", int: "int64", bool: "bool", complex: "complex128"}
# Abstract classes of NumPy's hierarchy (jnp re-exports the same objects): the kinds under each.
_ABSTRACT = {"generic": "biufcV", "number": "iufcV", "integer": "iu", "signedinteger": "i", "unsignedinteger": "u",
             "inexact": "fcV", "floating": "fV", "complexfloating": "c"}
_MODULES = ("numpy.", "jax.numpy.")


class DType:
    """A dtype the run knows: its name, or only its kind when JAX's x64 flag decides the width."""

    __slots__ = ("kind", "name")

    def __init__(self, name: str | None, kind: str) -> None:
        self.name, self.kind = name, kind

    def __eq__(self, other: object) -> bool:
        return equal(self, other)

    def __ne__(self, other: object) -> bool:
        return not equal(self, other)

    def __hash__(self) -> int:
        # Equal dtypes hash alike, and unlike the scalar types they equal (NumPy's `{np.float32: 1}
        # .get(np.dtype("float32"))` misses, checked), which the run's own tuple hash also gives; a
        # dtype whose width JAX's x64 flag decides is no dict key the run can place.
        if self.name is None:
            raise Bail
        return hash(("dtype", self.name))

    def __bool__(self) -> bool:
        raise Bail

    def __str__(self) -> str:
        if self.name is None:
            raise Bail
        return self.name


def named(name: str) -> DType:
    return DType(name, _TYPES[name][0])


def on_device(dtype: DType | None) -> DType | None:
    """The dtype JAX gives an array asked to hold `dtype` (a device array, `jnp.asarray`)."""
    if dtype is None or dtype.name not in _WIDE:
        return dtype
    return DType(None, dtype.kind)


def as_dtype(value: object) -> DType | None:
    """The dtype a dtype-like argument names (`jnp.float32`, `"float32"`, `float`, a DType), or None."""
    if type(value) is DType:
        return value
    if type(value) is Lib:
        for module in _MODULES:
            if value.name.startswith(module):
                tail = value.name[len(module):]
                tail = SCALAR_ALIASES.get(tail, tail)
                if tail in _TYPES and (tail != "bfloat16" or module == "jax.numpy."):
                    return named(tail)
        if value.name == "ml_dtypes.bfloat16":
            return named("bfloat16")
        return None
    if type(value) is str:
        name = SCALAR_ALIASES.get(value, _CODES.get(value, value))
        return named(name) if name in _TYPES and name != "bfloat16" else None
    if type(value) is type and value in _PYTHON:
        return named(_PYTHON[value])
    return None


def requested(value: object, host: bool) -> DType | None:
    """The dtype an array made with `dtype=value` holds (None: unknown)."""
    found = as_dtype(value)
    if found is None:
        return None
    return found if host else on_device(found)


def equal(left: object, right: object) -> bool:
    """`left == right` where one side is a DType (NumPy converts the other side to a dtype)."""
    first, second = as_dtype(left), as_dtype(right)
    if first is None or second is None:
        raise Bail  # (an object NumPy cannot read as a dtype, or one the run does not know)
    if first.name is not None and second.name is not None:
        return first.name == second.name
    if first.kind != second.kind:
        return False
    raise Bail  # (the same kind, a width only JAX's x64 flag decides)


def contains(needle: DType, items: object) -> bool:
    """`x.dtype in (jnp.float32, jnp.bfloat16)`: `==` item by item, as Python's `in` does."""
    if type(items) not in (tuple, list, set, frozenset):
        raise Bail
    if type(items) in (set, frozenset):
        raise Bail  # (hashing first)
    return any(equal(needle, item) for item in items)


def attribute(dtype: DType, name: str) -> object:
    if name == "kind":
        return dtype.kind
    if name == "name" and dtype.name is not None:
        return dtype.name
    if name == "itemsize" and dtype.name is not None:
        return _TYPES[dtype.name][1]
    raise Bail


def _issubdtype(numpy: bool):
    def call(run, args: list, kwargs: dict) -> bool:
        if len(args) != 2 or kwargs:
            raise Bail
        first = as_dtype(args[0])
        if first is None:
            raise Bail
        second = args[1]
        if type(second) is Lib and second.name.startswith(_MODULES) and (
                abstract := second.name.rsplit(".", 1)[-1]) in _ABSTRACT:
            if first.kind == "V" and numpy and abstract != "generic":
                raise Bail  # (NumPy's own answer for ml_dtypes' types: not modelled)
            return first.kind in _ABSTRACT[abstract]
        if type(second) is type:
            raise Bail  # (`float` as an abstract class: NumPy's own reading)
        return equal(first, second)
    return call


def _dtype(jax_imported: bool):
    def make(run, args: list, kwargs: dict) -> DType:
        if len(args) != 1 or kwargs:
            raise Bail
        if jax_imported and args[0] == "bfloat16" and type(args[0]) is str:
            return named("bfloat16")  # (`jnp.dtype("bfloat16")`: JAX has registered ml_dtypes' type with NumPy)
        found = as_dtype(args[0])  # (`np.dtype(array)` raises: an array is not a dtype)
        if found is None:
            raise Bail
        return found
    return make


LIBRARY = {"numpy.issubdtype": _issubdtype(True), "jax.numpy.issubdtype": _issubdtype(False),
           "numpy.dtype": _dtype(False), "jax.numpy.dtype": _dtype(True)}

# What the samplers of a NumPy generator give (`rng.standard_normal(size)`), with `dtype=` where
# they take one; NumPy's creation functions without `dtype=`.
_SAMPLED = {**{name: "float64" for name in ("standard_normal", "random", "normal", "uniform", "exponential",
                                            "standard_exponential", "rand", "randn", "random_sample", "beta",
                                            "gamma", "standard_gamma", "lognormal", "laplace", "logistic")},
            "integers": "int64", "randint": "int64"}
_TYPED_AT = {"standard_normal": 1, "random": 1, "standard_exponential": 1, "standard_gamma": 2, "integers": 3,
             "randint": 3}  # (the index of `dtype`: a dtype given there positionally is not read)
_DEFAULT_FLOAT = frozenset({"zeros", "ones", "empty", "eye", "identity", "linspace"})
_KEEPING = frozenset({"copy", "reshape", "transpose", "squeeze", "ravel", "flatten", "block_until_ready", "swapaxes",
                      "T", "mT"})
_SAME = frozenset({"asarray", "array", "ascontiguousarray", "copy", "zeros_like", "ones_like", "empty_like",
                   "reshape", "transpose", "squeeze", "ravel", "expand_dims", "flip", "roll", "moveaxis",
                   "swapaxes", "broadcast_to", "tile", "repeat", "negative"})


def method_dtype(host: bool, name: str, owner: object, args: list, kwargs: dict) -> DType | None:
    """The dtype of `owner.name(*args, **kwargs)` (an array's method, or a NumPy generator's sampler)."""
    if name == "astype":
        given = args[0] if len(args) == 1 and not kwargs else kwargs.get("dtype") if not args and len(kwargs) == 1 else None
        return requested(given, host)
    if name in _KEEPING and type(owner) is Arr:
        return owner.dtype
    if host and name in _SAMPLED and set(kwargs) <= {"size", "dtype", "low", "high", "loc", "scale", "endpoint"} \
            and len(args) <= _TYPED_AT.get(name, 9):
        if "dtype" in kwargs:
            return requested(kwargs["dtype"], True) if name in _TYPED_AT else None
        return named(_SAMPLED[name])
    return None


# Where a creation function takes its dtype positionally.
_DTYPE_AT = {"zeros": 1, "ones": 1, "empty": 1, "identity": 1, "full": 2, "eye": 3, "asarray": 1, "array": 1,
             "zeros_like": 1, "ones_like": 1, "empty_like": 1, "full_like": 2}


def _fits(value: int | float, name: str) -> bool:
    """`np.int8(value)`: NumPy 2 raises OverflowError for an int out of the type's range."""
    kind, size = _TYPES[name]
    if kind not in "iub" or type(value) is float:
        return kind in "fcV" or type(value) is not float
    low, high = (-(1 << (8 * size - 1)), (1 << (8 * size - 1)) - 1) if kind == "i" else (0, (1 << (8 * size)) - 1)
    return kind == "b" or low <= value <= high


def made_dtype(name: str, args: list, kwargs: dict) -> DType | None:
    """The dtype of what a NumPy (`numpy.`) or `jax.numpy.` function makes, where certain."""
    host = name.startswith("numpy.")
    module, _, tail = name.rpartition(".")
    if module not in ("numpy", "jax.numpy", "numpy.random"):
        return None
    if "dtype" in kwargs:
        return requested(kwargs["dtype"], host) if tail in _DEFAULT_FLOAT | _SAME | {"full", "arange"} else None
    if tail in _DTYPE_AT and len(args) > _DTYPE_AT[tail]:
        return requested(args[_DTYPE_AT[tail]], host)  # `np.ones((8, 8), np.float32)`
    if host and tail in ("array", "asarray") and len(args) == 1 and not kwargs and type(args[0]) in _PYTHON:
        return named(_PYTHON[type(args[0])])  # (`np.array(1.0)`: NumPy's default for a Python number)
    if (scalar := SCALAR_ALIASES.get(tail, tail)) in _TYPES and module != "numpy.random" and len(args) == 1 and not kwargs \
            and type(args[0]) in (int, float) and (scalar != "bfloat16" or not host) and _fits(args[0], scalar):
        return named(scalar) if host else on_device(named(scalar))  # (`np.float32(1.0)`: a scalar of that type)
    if module == "numpy.random":
        return named(_SAMPLED[tail]) if tail in _SAMPLED and not kwargs.keys() - {"size", "low", "high", "loc", "scale"} \
            and len(args) <= _TYPED_AT.get(tail, 9) else None
    if not kwargs and (tail in ("zeros", "ones", "empty", "identity") and len(args) == 1 or tail == "eye" and 1 <= len(args) <= 3
                       or tail == "linspace" and 2 <= len(args) <= 3) and all(type(a) in (int, float, tuple, list) for a in args):
        return named("float64") if host else DType(None, "f")
    if tail == "arange" and args and all(type(a) in (int, float) for a in args) and not kwargs:
        kind = "f" if any(type(a) is float for a in args) else "i"
        return named("float64" if kind == "f" else "int64") if host else DType(None, kind)
    if tail in _SAME and args and type(args[0]) is Arr and args[0].dtype is not None:
        return args[0].dtype if host else on_device(args[0].dtype)
    if tail in _AT_LEAST and len(args) == 1 and not kwargs and type(args[0]) is Arr and args[0].dtype is not None:
        return args[0].dtype if host else on_device(args[0].dtype)  # (`np.atleast_2d(q)`: q, its rank raised)
    return None


_AT_LEAST = frozenset({"atleast_1d", "atleast_2d", "atleast_3d"})
