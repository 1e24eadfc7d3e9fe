"""`jax.ShapeDtypeStruct` and `jax.eval_shape` in a script run (script_run.py; issue 13): host code
asks a function's abstract result for shapes and dtypes and lets the answers pick a spec or an
axis per leaf (`P("data", None) if s.ndim == 2 else P()`, `s.dtype == jnp.float32`).

What JAX does (checked on jax 0.10.2): `ShapeDtypeStruct(shape, dtype)` holds the shape as a
tuple, the dtype, `ndim`, `size`, and `sharding` None unless given; it is no array (`s + 1`
raises TypeError). `eval_shape(f, *args, **kwargs)` traces f once (its Python code runs, side
effects and all) with arrays and structs as abstract inputs, and gives f's result tree with each
array leaf a struct of its shape and dtype (a dict rebuilt with its keys sorted; a Python number
becomes a weakly typed struct).

The run's arrays know their rank, their leading size and their dtype only where certain
(array_reads.py, array_dtypes.py): a struct made from one knows what it knew, and every other
size is an unknown number. A struct is read only by those fields and walked as a pytree leaf;
anything else done with it (arithmetic, placing it, its `sharding`, a Python number in f's result)
stops the run (Bail).
"""
from __future__ import annotations

from collections import OrderedDict

from codemods.analysis.array_dtypes import DType, requested
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import Arr, NTup, Opaque, ntup
from codemods.analysis.unknown_numbers import number

MAX_DEPTH = 12


class ShapeStruct(ModelledObject):
    """A ShapeDtypeStruct: its shape (a tuple of ints) where known, else its rank and leading
    size where known; its dtype where known."""

    __slots__ = ("count", "dtype", "ndim", "shape")

    def __init__(self, shape: tuple | None, dtype: DType | None, ndim: int | None = None,
                 count: int | None = None) -> None:
        self.shape, self.dtype = shape, dtype
        self.ndim = len(shape) if shape is not None else ndim
        self.count = shape[0] if shape else count

    def attribute(self, run, name: str) -> object:
        if name == "shape" and self.shape is not None:
            return self.shape
        if name == "shape" and self.ndim is not None:
            return tuple(self.count if i == 0 and self.count is not None else number(run) for i in range(self.ndim))
        if name == "ndim":
            return self.ndim if self.ndim is not None else number(run)
        if name == "size" and self.shape is not None:
            size = 1
            for extent in self.shape:
                size *= extent
            return size
        if name == "size":
            return number(run)
        if name == "dtype":
            return self.dtype if self.dtype is not None else Opaque()
        raise Bail  # (`sharding`, `weak_type`, methods: not modelled)

    def as_array(self) -> Arr:
        """The abstract array eval_shape hands f in the struct's place."""
        return Arr(None, False, count=self.count, ndim=self.ndim, dtype=self.dtype)


def _made(run, args: list, kwargs: dict) -> ShapeStruct:
    given = dict(zip(("shape", "dtype"), args), **kwargs)
    if len(args) > 2 or set(given) != {"shape", "dtype"}:
        raise Bail  # (`sharding=`, `weak_type=`: not modelled)
    shape = given["shape"]
    if type(shape) not in (tuple, list) or not all(type(extent) is int and extent >= 0 for extent in shape):
        raise Bail
    return ShapeStruct(tuple(shape), requested(given["dtype"], False))


def _tree(value: object, leaf, depth: int = 0) -> object:
    """`value` with each leaf replaced by `leaf(it)` (dicts rebuilt with sorted keys, as JAX does)."""
    from codemods.analysis.script_jax import _sorted_keys

    if depth > MAX_DEPTH:
        raise Bail
    if value is None:
        return None
    if type(value) in (dict, OrderedDict):
        return type(value)((key, _tree(value[key], leaf, depth + 1)) for key in _sorted_keys(value))
    if type(value) in (tuple, list):
        return type(value)(_tree(item, leaf, depth + 1) for item in value)
    if type(value) is NTup:
        return ntup(value.cls, [_tree(item, leaf, depth + 1) for item in value])
    return leaf(value)


def _argument(value: object) -> object:
    if type(value) is ShapeStruct:
        return value.as_array()
    if type(value) is Arr:
        return value
    raise Bail  # (a Python number, a key, an object: what JAX makes of it is not modelled here)


def _result(value: object) -> ShapeStruct:
    if type(value) is ShapeStruct:
        return value
    if type(value) is Arr:
        return ShapeStruct(None, value.dtype, value.ndim, value.count)
    raise Bail


def _eval_shape(run, args: list, kwargs: dict) -> object:
    if not args:
        raise Bail
    func = args[0]
    given = [_tree(arg, _argument) for arg in args[1:]]
    named = {key: _tree(value, _argument) for key, value in kwargs.items()}
    from codemods.analysis.concrete_scalars import tracing

    with tracing(run):  # (f's arguments are tracers: concrete_scalars.py)
        return _tree(run.call(func, given, named), _result)


LIBRARY = {"jax.ShapeDtypeStruct": _made, "jax.eval_shape": _eval_shape}
