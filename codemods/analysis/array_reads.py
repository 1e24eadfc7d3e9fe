"""What a script run reads off an array (script_run.py; issue 13): its attributes (`x.shape`,
`x.dtype`, `x.sharding`, `x.T`) and its items (`x[:, None]`, `keys[1:]`, `x[sl]`).

An array's values are never known to the run; what it reads off one is what the array's
metadata settles: its rank and leading size where they were made known (array_extents.py), its
dtype where certain (array_dtypes.py), its sharding where certain, and otherwise numbers the run
marks as Python numbers (unknown_numbers.py). Inside a shard_map body each result also takes the state
JAX gives it (state_runs.py).
"""
from __future__ import annotations

import ast
import math

from codemods.analysis import exact_host_arrays, explicit_layouts, index_refs, one_device, typed_keys
from codemods.analysis.array_shapes import indexed as shape_indexed, note, shape_of, transposed
from codemods.analysis.array_extents import indexed, sliced_rank
from codemods.analysis.host_objects import Bail
from codemods.analysis.host_exprs import Raised
from codemods.analysis.library_members import array_presence, asked
from codemods.analysis.passed_steps import sliced_count
from codemods.analysis.script_operators import ArrMethod
from codemods.analysis.drawn_texts import DrawChoice
from codemods.analysis.addressable_shards import addressable_shards
from codemods.analysis.script_values import Arr, Opaque
from codemods.analysis.unknown_numbers import number, sizes
from codemods.analysis.numpy_scalars import scalar

_INDEXES = (int, type(None), type(Ellipsis), Arr, Opaque)
_UNREAD = object()  # (an index not evaluated yet)


def array_attribute(run, obj: Arr, name: str) -> object:
    typed_keys.check(run, obj, name)  # (`key.real` of `jax.random.key(0)`: NotImplementedError)
    if name in ("__setattr__", "__setstate__", "__delattr__"):
        raise Bail  # (`a.__setattr__("shape", (2, 2))` changes its layout: not followed; adversarial24 Y2)
    if (referenced := index_refs.attribute(run, obj, name)) is not None:
        return referenced  # (`x.at.array`; any other name of a reference: Bail, index_refs.py)
    if name == "sharding":
        if obj.sharding is None:
            raise Bail
        return obj.sharding
    if name == "ndim" and obj.ndim is not None:
        return obj.ndim
    if name in ("shape", "size") and (shape := shape_of(run, obj)) is not None:
        return shape if name == "shape" else math.prod(shape)  # (array_shapes.py)
    if name == "shape" and obj.ndim is not None:  # as many sizes as its rank, each unknown
        return tuple(obj.count if i == 0 and obj.count is not None else number(run, "int") for i in range(obj.ndim))
    if name == "shape":
        return sizes(run)
    if name in ("ndim", "size", "nbytes"):
        return number(run)
    if name == "dtype":
        return obj.dtype if obj.dtype is not None else Opaque()
    if name == "addressable_shards":
        return addressable_shards(obj)  # (addressable_shards.py)
    if name == "choice" and obj.host:  # (a NumPy generator: no array has `choice`)
        return DrawChoice(ArrMethod(obj.host, name, obj.ndim, obj.count, owner=obj))  # (drawn_texts.py)
    if name not in ("T", "at", "real", "imag", "mT"):
        presence = array_presence(run, obj.host, name) if asked(run) else True
        if presence is False:  # `hasattr(x, "ragged")` (library_members.py)
            raise Raised(AttributeError(f"array has no attribute {name!r}"))
        if presence is None:
            raise Bail  # `hasattr(x, "mask")`, `x.mask` under `except AttributeError`: an ndarray has none, a MaskedArray has it
        return ArrMethod(obj.host, name, obj.ndim, obj.count, owner=obj)
    result = Arr(None, obj.host)
    if name == "T" and not run.in_body and (laid := explicit_layouts.transposed(obj)) is not None:
        result = laid  # (explicit_layouts.py)
    if name == "T":
        note(result, transposed(shape_of(run, obj), None))
    if name != "at":
        result = one_device.computed(run, result, [obj])  # (`x.T` of an array on one device stays there)
    else:
        index_refs.referenced(run, obj, result)  # (its update keeps x's rank: index_refs.py)
    if run.states is not None:
        run.states.attribute(obj, name, result)
    return exact_host_arrays.derived(run, [obj], result)  # (`k.T`: a view)


def array_item(run, holder: Arr, index: ast.expr, env) -> Arr:
    """`holder[index]`: an array of unknown layout whose rank and leading size follow the index
    where it is certain (its bounds are only evaluated)."""
    index_refs.subscript(run, holder)  # (`x.at[0][1]`: Bail, index_refs.py)
    if holder.count is not None and type(index) is ast.Slice:
        key = run.index(index, env)  # (`keys[1:]` of `jax.random.split(key, n)`)
        made = Arr(None, holder.host, sliced_count(holder.count, key), holder.ndim, dtype=holder.dtype)
        note(made, shape_indexed(shape_of(run, holder), [key], run) if type(key) is slice else None)
        return typed_keys.kept(run, holder, exact_host_arrays.item(run, holder, key, made))
    indices, parts, forward, given = [], [], True, _UNREAD
    if type(index) not in (ast.Tuple, ast.Slice) and type(given := run.eval(index, env)) is tuple:
        index, given = ast.Tuple([ast.Constant(item) for item in given], ast.Load()), _UNREAD
    for part in index.elts if type(index) is ast.Tuple else [index]:  # (`grid[self.head]` of a tuple: `grid[r, c]`)
        value = None if type(part) is ast.Slice else given if given is not _UNREAD else run.eval(part, env)
        bounds = [run.eval(b, env) if b is not None else None for b in (part.lower, part.upper, part.step)] \
            if type(part) is ast.Slice else [value.start, value.stop, value.step] if type(value) is slice else None
        if bounds is None and _int_list(value) and not run.in_body:
            pass  # (`R[:, cols]` on the host side, cols a list of ints: a gather, read as one below)
        elif any(type(v) not in _INDEXES for v in bounds or [value]):
            raise Bail
        indices.extend(bounds if bounds is not None else [value])
        forward = forward and (bounds is None or bounds[2] is None or type(bounds[2]) is int and bounds[2] > 0)
        parts.append(slice(*bounds) if bounds is not None else value)
    if len(parts) == 1 and type(parts[0]) is int and exact_host_arrays.values(run, holder) is not None:
        return exact_host_arrays.item(run, holder, parts[0], None)  # (`timesteps[0]`: exact_host_arrays.py)
    if len(parts) == 1 and run.states is None and (rows := exact_host_arrays.masked(run, holder, parts[0])) is not None:
        return rows  # (`vals[codes == g]`: as many rows as the known mask's Trues)
    count, rank = indexed(holder, parts)
    result = Arr(None, holder.host, count, rank if rank is not None else sliced_rank(holder.ndim, index),
                 dtype=holder.dtype)
    note(result, shape_indexed(shape_of(run, holder), parts, run))  # (array_shapes.py)
    if holder.host and len(parts) == holder.ndim and all(type(part) is int for part in parts):
        scalar(result, holder)  # (`m[1, 2]` of a matrix: a NumPy scalar, numpy_scalars.py)
    if not run.in_body and (laid := explicit_layouts.indexed(holder, parts, shape_of(run, holder))) is not None:
        result.sharding = laid.sharding  # (`x[:, None]` on Explicit axes: explicit_layouts.py)
    if all(type(value) in (int, type(None), type(Ellipsis)) for value in indices):
        result = one_device.computed(run, result, [holder])  # (`x[:, None]`, `x[0]` of an array on one device)
    index_refs.indexed(run, holder, result)  # (`x.at[idx]`: a reference, index_refs.py)
    typed_keys.kept(run, holder, result)  # (`keys[0]`: a key, typed_keys.py)
    if run.states is not None:
        run.states.indexed(holder, result, indices, forward)
    return exact_host_arrays.derived(run, [holder], result)  # (`k[:, None]`: a view)


def _int_list(value: object) -> bool:
    """A non-empty flat list of Python ints (not bools): NumPy's and JAX's integer-array index."""
    return type(value) is list and 0 < len(value) <= 4096 and all(type(item) is int for item in value)


def array_length(run, args: list, kwargs: dict) -> object:
    """`len(x)` of an array whose leading size is not known but whose rank is at least 1 (a
    pipeline step's output `X` in `rng.choice(len(X), k)`): that size, an unknown Python int
    (`x.shape[0]`); NotImplemented otherwise (a 0-d array raises TypeError; a known count is
    iterated by the caller)."""
    if len(args) != 1 or kwargs or type(args[0]) is not Arr or args[0].count is not None:
        return NotImplemented
    array = args[0]
    shape = shape_of(run, array)
    if shape is not None and len(shape) >= 1:
        return shape[0]
    if type(array.ndim) is int and array.ndim >= 1:
        return number(run)
    return NotImplemented
