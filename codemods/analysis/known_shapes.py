"""Shapes a script run knows exactly, and the JAX and NumPy checks that pass on them
(unchecked_calls.py; issue 13).

A program probes in a helper (`try: build(); axes = ("i", "j") except Exception: ...`) with calls
whose operands it wrote itself: `jnp.ones(64).reshape(4, -1)`, `jnp.split(jnp.ones(8), 2)`,
`jnp.concatenate([jnp.ones((2, 3)), jnp.ones((2, 3))])`, `jnp.ones(4) + jnp.ones(4)`,
`jax.device_put(np.zeros((8, 8)), NamedSharding(mesh, P("j")))`, `jax.make_mesh((2, 4), ...)`
again. The run keeps the shape of each array made by `ones`, `zeros` or `arange` of a shape of
ints (NumPy's or jax.numpy's; `empty` is left out, its values being whatever memory held, which a
warnings "error" filter may turn into an error in arithmetic), and of what a certain `reshape`
or `astype` of one gives. NumPy's only in-place change of a shape (`resize`) forgets it. On those
shapes, checked on jax 0.10.2:
- `reshape` to ints of the same size, with at most one -1 beside a product above 0;
- `split(a, n)` of a leading size n divides; `concatenate` of arrays of one rank (at least 1)
  whose sizes agree off the axis;
- `+` and `*` of arrays whose shapes broadcast, `@` of matching 1-d and 2-d shapes; NumPy's in-place
  `a += b`, `a *= b` writes into `a`: only where the broadcast shape is `a`'s own, the result's
  type casts back to `a`'s (`a = np.zeros(4); a += np.zeros((2, 4))` raises ValueError, an int
  array `+=` a float one UFuncTypeError) and `a` is certainly writeable (made anew:
  exact_host_arrays.writeable; `np.asarray` of a JAX array, `setflags(write=False)`: ValueError);
- `NamedSharding(mesh, spec)` naming each axis of the mesh at most once; `device_put` onto such a
  sharding of a mesh of written sizes, each sharded dimension divided by its axes' sizes, outside
  a shard_map body;
- `jax.make_mesh(shape, names)` of a shape an earlier call already built (its devices are the
  same; another shape of the same size may not map onto a TPU's topology).
`jax.devices("cpu")` is not such a call: with JAX_PLATFORMS naming other platforms (an
environment variable the run does not know) no CPU backend is made.
"""
from __future__ import annotations

import ast

from codemods.analysis import device_arrays
from codemods.analysis.shaped_values import method_result
from codemods.analysis.script_values import Arr, MeshObj, ShardObj, SpecObj

_SHAPES = "_known_shapes"  # Arr.serial -> its shape
_MESHES = "_built_meshes"  # the shapes jax.make_mesh built in this run
_NDARRAYS = "_made_ndarrays"  # Arr.serial -> an array a NumPy constructor made (never a scalar)
_NDARRAY_MAKERS = frozenset(f"numpy.{name}" for name in (
    "array", "asarray", "asanyarray", "zeros", "ones", "empty", "full", "zeros_like", "ones_like", "empty_like",
    "full_like"))
_KEPT_VALUES = frozenset(f"{module}.{name}" for module in ("numpy", "jax.numpy") for name in ("ones", "zeros", "arange"))


def shape_of(run, value: object) -> tuple | None:
    return run.__dict__.get(_SHAPES, {}).get(value.serial) if type(value) is Arr else None


def _keep(run, value: Arr, shape: tuple) -> None:
    run.__dict__.setdefault(_SHAPES, {})[value.serial] = shape


def made(run, name: str, shape: tuple | None, result: object, args: list = ()) -> None:
    """The result of library call `name` (canonical) given `args`: a maker's array of a certain
    `shape`, a NumPy constructor's ndarray, or a mesh."""
    if type(result) is Arr and result.host and name in _NDARRAY_MAKERS and all(result is not arg for arg in args):
        run.__dict__.setdefault(_NDARRAYS, {})[result.serial] = result  # (not an operand handed back)
    if type(result) is Arr and shape is not None and name in _KEPT_VALUES:
        _keep(run, result, shape)
    elif name == "jax.make_mesh" and type(result) is MeshObj and result.sizes is not None:
        run.__dict__.setdefault(_MESHES, set()).add(result.sizes)


def ndarray(run, value: object) -> bool:
    """`value` is certainly an ndarray, never a NumPy scalar, though it may be of rank 0: a NumPy
    constructor made it (`np.array(0.0)`, `np.zeros(())`, `np.full_like(s, 1)`: ndarrays whatever
    they are given, NumPy 2.4). A scalar (`np.float64(0.0)`, `a.sum()`, `a[0]`, a Generator's
    `integers(0, 5)`) is held as a rank-0 array too, but has no in-place operator: `s += b`
    rebinds s to `s + b`, where an ndarray's writes into it."""
    return type(value) is Arr and run.__dict__.get(_NDARRAYS, {}).get(value.serial) is value


def method_made(run, method, args: list, kwargs: dict, result: object) -> object:
    """`x.reshape(...)`, `x.astype(...)` of an array of a known shape: the result's shape."""
    result = device_arrays.reshaped(run, method.owner, method.name, args, kwargs, result)  # (device_arrays.py)
    shape = shape_of(run, method.owner)
    if shape is not None and type(result) is Arr and not kwargs:
        if method.name == "astype" and len(args) == 1:
            _keep(run, result, shape)
        elif method.name == "reshape" and (new := _reshaped(shape, args)) is not None:
            _keep(run, result, new)
    return method_result(run, method, args, kwargs, result)  # (array_shapes.py)


def forget(run, value: object) -> None:
    """An in-place change of shape (`a.resize(...)`)."""
    if type(value) is Arr:
        run.__dict__.get(_SHAPES, {}).pop(value.serial, None)
        value.shape = None


def method_passes(run, method, args: list, kwargs: dict) -> bool:
    shape = shape_of(run, method.owner)
    return shape is not None and not kwargs and method.name == "reshape" and _reshaped(shape, args) is not None


def binary_passes(run, op: type, left: object, right: object, in_place: bool = False) -> bool:
    """`left op right`; `in_place`: NumPy's `left op= right`, whose output is `left` itself."""
    first, second = shape_of(run, left), shape_of(run, right)
    if first is None or second is None:
        return False
    if in_place:
        return op in (ast.Add, ast.Mult) and in_place_fits(left, right) and len(second) <= len(first) \
            and all(a == b or b == 1 for a, b in zip(reversed(first), reversed(second)))
    if op in (ast.Add, ast.Mult):
        return all(a == b or 1 in (a, b) for a, b in zip(reversed(first), reversed(second)))
    if op is ast.MatMult and first and second and len(first) <= 2 and len(second) <= 2:
        return first[-1] == (second[0] if len(second) == 1 else second[-2])
    return False


def in_place_step(run, op: type, left: Arr, right: object) -> None:
    """NumPy's `left op= right` (`left` a host array): a step that may raise where the result's
    shape or type does not fit `left`, or where `left` may be read-only (unchecked_calls.passed)."""
    from codemods.analysis.exact_host_arrays import writeable
    from codemods.analysis.shape_errors import check_operator
    from codemods.analysis.unchecked_calls import _RAISED, _TRACED, passed

    check_operator(run, op, left, right, True)  # (shapes it certainly rejects: shape_errors.py)
    if not writeable(run, left):  # (`np.asarray(jax_array)`, `a.setflags(write=False)`: read-only, ValueError)
        passed(run, _TRACED if run.in_body or run.jitted else _RAISED)
        return
    if type(right) is Arr and None not in (left.ndim, right.ndim) and op in (ast.Add, ast.Mult) \
            and (right.ndim == 0 or left.ndim == right.ndim == 1 and left.count is not None and left.count == right.count) \
            and in_place_fits(left, right):
        return
    if not binary_passes(run, op, left, right, True):
        passed(run, _TRACED if run.in_body or run.jitted else _RAISED)


def in_place_fits(left: Arr, right: Arr) -> bool:
    """`left += right` on NumPy arrays: the result's type casts back into `left`'s (same_kind)."""
    first, second = left.dtype, right.dtype
    if first is None or second is None or first.name is None or second.name is None:
        return False
    return first.name == second.name or second.kind in {"f": "biuf", "c": "biufc", "i": "bi"}.get(first.kind, "")


def library_passes(run, name: str, args: list, kwargs: dict) -> bool:
    """`name(*args, **kwargs)` (canonical) passes every check JAX or NumPy makes."""
    if name in ("jax.numpy.split", "numpy.split"):
        shape = shape_of(run, args[0]) if len(args) == 2 and not kwargs else None
        return bool(shape) and type(args[1]) is int and args[1] > 0 and shape[0] % args[1] == 0
    if name in ("jax.numpy.concatenate", "numpy.concatenate"):
        return len(args) == 1 and set(kwargs) <= {"axis"} and _joined(run, args[0], kwargs.get("axis", 0))
    if name == "jax.sharding.NamedSharding":
        return len(args) == 2 and not kwargs and type(args[0]) is MeshObj and _names(args[0], args[1]) is not None
    if name == "jax.device_put":
        return len(args) == 2 and not kwargs and not run.in_body and _placed(shape_of(run, args[0]), args[1])
    if name == "jax.make_mesh":
        return len(args) == 2 and not kwargs and _mesh_call(args) in run.__dict__.get(_MESHES, ())
    return False


def _reshaped(shape: tuple, args: list) -> tuple | None:
    new = args[0] if len(args) == 1 and type(args[0]) in (tuple, list) else args
    if not new or not all(type(n) is int and n >= -1 for n in new) or list(new).count(-1) > 1:
        return None
    size, rest = 1, 1
    for n in shape:
        size *= n
    for n in new:
        rest *= n if n != -1 else 1
    if -1 not in new:
        return tuple(new) if rest == size else None
    if rest <= 0 or size % rest:
        return None
    return tuple(size // rest if n == -1 else n for n in new)


def _joined(run, arrays: object, axis: object) -> bool:
    if type(arrays) not in (list, tuple) or not arrays or type(axis) is not int:
        return False
    shapes = [shape_of(run, array) for array in arrays]
    if any(shape is None for shape in shapes) or len({len(shape) for shape in shapes}) != 1:
        return False
    rank = len(shapes[0])
    if rank == 0 or not -rank <= axis < rank:
        return False
    axis %= rank
    return len({shape[:axis] + shape[axis + 1:] for shape in shapes}) == 1


def _names(mesh: MeshObj, spec: object) -> list | None:
    """The axes each entry of `spec` names, when all are the mesh's and none twice."""
    if type(spec) is not SpecObj or spec.spec.reduced or spec.spec.unreduced:
        return None
    parts = [list(axes) for axes in spec.spec.partitions]
    used = [axis for axes in parts for axis in axes]
    return parts if len(set(used)) == len(used) and set(used) <= set(mesh.names) else None


def _placed(shape: tuple | None, sharding: object) -> bool:
    if shape is None or type(sharding) is not ShardObj or type(sharding.mesh) is not MeshObj:
        return False
    mesh = sharding.mesh
    parts = _names(mesh, sharding.spec)
    if parts is None or mesh.sizes is None or len(mesh.sizes) != len(mesh.names) or len(parts) > len(shape):
        return False
    sizes = dict(zip(mesh.names, mesh.sizes))
    for dim, axes in zip(shape, parts):
        count = 1
        for axis in axes:
            count *= sizes[axis]
        if dim % count:
            return False
    return True


def _mesh_call(args: list) -> tuple | None:
    shape, names = args
    names = (names,) if type(names) is str else names
    if type(shape) not in (tuple, list) or type(names) not in (tuple, list) or len(shape) != len(names) \
            or not all(type(n) is int and n > 0 for n in shape) or not all(type(n) is str for n in names) \
            or len(set(names)) != len(names):
        return None
    return tuple(shape)
