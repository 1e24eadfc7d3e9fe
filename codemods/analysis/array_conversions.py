"""What `x.item()`, `x.tobytes()` and in-place methods of an array give in a script run (script_run.py; issue 13).

Both copy an array out into a Python object, which is no array: `.item()` gives a Python scalar
(`x.max().item()`, a float for a floating dtype, an int for an integer one, a bool for bool: no
`shape`, `dtype` or `ndim`), `.tobytes()` a bytes object. Held as host arrays, as every other
method's result is (script_operators.ArrMethod), they would have an array's attributes
(`hasattr(x.sum().item(), "ndim")` True where Python says False). So here `.item()` gives an
unknown Python number of the kind the array's dtype fixes (unknown_numbers.py: the attributes of
int and float), where the run knows the dtype's kind (integer, unsigned, floating, bool); of a
complex or an unknown dtype (a complex, a datetime, a str, an object) a value the run does not
know (Opaque, as array_lists.py's items: a probe of it stops the run, number_attributes.py).
`.tobytes()` gives bytes of unknown content (UnknownBytes): bytes' own attributes are present,
any other name absent. A value the run knows exactly (exact_host_arrays.py) is kept as it is;
a traced array (a shard_map body, a jitted function) is left to the method's own reading (JAX
raises there).

A NumPy array's `sort()`, `fill(v)`, `partition(k)`, `put(i, v)`, `setfield(v, t)`, `__setitem__` and `setflags(...)`
work in place and hand back None, no array (what the run knew of the values of any array is
forgotten, as after `__iadd__`, `byteswap(True)` and an `out` however given: a view shares them, written_arrays.py); `resize` (refused for an array another refers to) and `itemset` (gone in NumPy 2)
stop the run.
"""
from __future__ import annotations

from codemods.analysis.concrete_scalars import untraced
from codemods.analysis import written_arrays
from codemods.analysis.exact_host_arrays import changed_in_place, made_read_only
from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import Arr, Opaque
from codemods.analysis.unknown_numbers import number

_IN_PLACE_OPERATORS = frozenset(f"__i{name}__" for name in (
    "add", "sub", "mul", "matmul", "truediv", "floordiv", "mod", "pow", "lshift", "rshift", "and", "xor", "or"))
_KINDS = {"i": "int", "u": "int", "f": "float", "b": None}  # (dtype kind -> the Python type `.item()` gives)
_BYTES_NAMES = frozenset(dir(bytes))


def converted(run, method, args: list, kwargs: dict, result: object) -> object:
    """`result` of `method` (an ArrMethod), or what `.item()` / `.tobytes()` give instead."""
    written_arrays.method(run, method.name, args, kwargs)  # (`a.sum(axis=0, out=b)`, `a.clip(0, 1, b)`: b's values)
    if method.name in _IN_PLACE_OPERATORS or method.name == "byteswap" and written_arrays.byteswapped(args, kwargs):
        changed_in_place(run, method.owner)  # (`a.__iadd__(1)`, `a.byteswap(True)`)
    if type(result) is not Arr or type(method.owner) is not Arr or not untraced(run):
        return result
    if method.name in written_arrays.IN_PLACE_METHODS and method.owner.host:
        changes = written_arrays.IN_PLACE_METHODS[method.name]
        if changes is None:
            raise Bail  # (not followed: written_arrays.py)
        if changes:
            changed_in_place(run, method.owner)  # (its values, and any view's, changed)
        if method.name == "setflags":
            made_read_only(run, method.owner)  # (`write=False`: `+=` into it raises ValueError)
        return None
    if method.name not in ("item", "tobytes"):
        return result
    if method.name == "tobytes":
        return UnknownBytes() if set(kwargs) <= {"order"} and len(args) + len(kwargs) <= 1 else result
    if args or kwargs:
        return result  # (`x.item(3)`: an index, which may raise: as before)
    dtype = method.owner.dtype
    if dtype is None or dtype.kind not in _KINDS:
        return Opaque()  # (a complex, a datetime, a str, an object: a value the run does not know, as tolist's)
    return number(run, _KINDS[dtype.kind])


class UnknownBytes(ModelledObject):
    """A bytes object whose content the run does not know."""

    __slots__ = ()

    def attribute(self, run, name: str) -> object:
        if name in _BYTES_NAMES:
            return Opaque()  # (present; what it gives is not followed)
        raise Raised(AttributeError(f"'bytes' object has no attribute {name!r}"))

    def __repr__(self) -> str:
        raise Bail

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        raise Bail
