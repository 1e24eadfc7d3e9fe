"""The layout JAX gives what an array operation computes outside shard_map bodies, on a mesh whose
axes are all Explicit (script_run.py; issue 13).

With Explicit axes the sharding is part of an array's type, so what `jnp.tanh`, `log_softmax`,
`x - x.mean(axis=0, keepdims=True)`, `x @ w` or `jnp.sum(x, axis=-1)` gives is settled by JAX's
sharding rules before anything runs. Programs compute their exports that way before handing them
to `top_level_all_gather` (SF104), whose verdict needs the input's exact spec. Each rule below was
run on jax 0.10.2 (8 CPU devices; eager and under `jax.jit` alike), on inputs sharded over one
axis, two axes, a tuple of axes and none:
- broadcasting (`+`, `*`, `jnp.maximum`, ...; NumPy arrays and numbers count as replicated): the
  operands' entries aligned from the right; per dimension, the one sharded entry wins over None,
  two different ones raise (ShardingTypeError). A dimension of size 1 cannot be sharded over an
  axis of size > 1 (device_put raises), so a sharded entry on a mesh whose sizes are known is a
  dimension every operand has in full; on a mesh of unknown sizes the entries must agree;
- shape-keeping functions along an axis (`jax.nn.softmax`, `log_softmax`, `standardize`, over
  any axis, sharded or not), `astype`: the input's entries;
- reductions (`jnp.mean/sum/max/min/std/var`, `argmax`, `logsumexp`, `norm`, and the array
  methods): the entries of the reduced dimensions dropped, or None with `keepdims=True`;
- `x.T` / `jnp.transpose(x)`: the entries reversed;
- `jnp.isfinite(x)`, `isnan`, `isinf`: x's entries (a bool array); `jnp.where(c, x, y)` (three
  operands by position): broadcast as above, the condition one operand among them (an arrays'
  sharded entries on one dimension that differ raise ShardingTypeError);
- `x @ w` of two matrices (`jnp.matmul`, `jnp.dot`): (rows of x, columns of w) when at most one
  contracting dimension is sharded and the two share no axis (both sharded raises).
- `x[:, 0]`, `x[..., 1]`: an int drops an unsharded dimension it is within (an int on a sharded
  dimension raises ShardingTypeError);
- `jnp.stack(arrays, axis=k)` of arrays of one layout: a None entry put in at k (operands of
  different layouts, NumPy arrays beside sharded ones included, raise ShardingTypeError).
Entries come out padded with None to the array's rank, as JAX prints them (`P(None, None)` for a
replicated matrix). Anything else (an unknown rank, a mesh not all Explicit, two meshes, an axis
argument that is not a literal int or tuple of them, another keyword) gives None: unknown.
"""
from __future__ import annotations

from codemods.analysis.argument_binding import bind
from codemods.analysis.script_values import Arr, ShardObj, SpecObj

KEEPING = frozenset({"jax.nn.softmax", "jax.nn.log_softmax", "jax.nn.standardize"})
# Reductions: the keywords each takes beside `axis` and `keepdims` that leave the layout alone.
REDUCTIONS = {
    **{f"jax.numpy.{name}": frozenset({"dtype"}) for name in ("mean", "sum")},
    **{f"jax.numpy.{name}": frozenset() for name in ("max", "min", "argmax", "argmin")},
    **{f"jax.numpy.{name}": frozenset({"dtype", "ddof"}) for name in ("std", "var")},
    "jax.nn.logsumexp": frozenset(), "jax.scipy.special.logsumexp": frozenset(),
}
_NORM = "jax.numpy.linalg.norm"  # (axis is its third parameter: read as a keyword only)
_METHOD_REDUCTIONS = {"mean": frozenset({"dtype"}), "sum": frozenset({"dtype"}), "max": frozenset(),
                      "min": frozenset(), "argmax": frozenset(), "argmin": frozenset(),
                      "std": frozenset({"dtype", "ddof"}), "var": frozenset({"dtype", "ddof"})}
MATMULS = frozenset({"jax.numpy.matmul", "jax.numpy.dot"})
PREDICATES = frozenset(f"jax.numpy.{name}" for name in ("isfinite", "isnan", "isinf"))
_MAX_RANK = 8


def _layout(value: object) -> tuple | None:
    """(entries padded to the rank, the mesh) of an array on an Explicit mesh; (entries, None) of a
    NumPy array or a number (replicated); None when not known."""
    if type(value) in (int, float, bool):  # (an unknown Python number: the caller passes 0.0)
        return (), None
    if type(value) is not Arr or value.ndim is None or not 0 <= value.ndim <= _MAX_RANK:
        return None
    if value.host or value.one:
        return (None,) * value.ndim, None  # (NumPy's, or on one device uncommitted: JAX moves it to the mesh)
    sharding = value.sharding
    if sharding is None or sharding.mesh.explicit is not True or sharding.spec.spec.reduced \
            or sharding.spec.spec.unreduced:
        return None
    entries = sharding.spec.entries
    if len(entries) > value.ndim:
        return None
    return tuple(entries) + (None,) * (value.ndim - len(entries)), sharding.mesh


def _result(entries: tuple, mesh) -> Arr | None:
    used = [axis for entry in entries if entry is not None for axis in ((entry,) if type(entry) is str else entry)]
    if mesh is None or len(used) != len(set(used)) or not set(used) <= set(mesh.names):
        return None
    return Arr(ShardObj(mesh, SpecObj(tuple(entries))), False, ndim=len(entries))


def broadcast(values: list) -> Arr | None:
    """The array an elementwise operation of `values` (arrays and numbers) gives, laid out."""
    layouts = [_layout(value) for value in values]
    if None in layouts or not any(type(value) is Arr and not value.host for value in values):
        return None
    meshes = {id(mesh): mesh for _, mesh in layouts if mesh is not None}
    if len(meshes) != 1:
        return None
    mesh = next(iter(meshes.values()))
    rank = max(len(entries) for entries, _ in layouts)
    out = []
    for dim in range(rank):
        found = {entries[len(entries) - rank + dim] for entries, _ in layouts if len(entries) - rank + dim >= 0}
        sharded = found - {None}
        if len(sharded) > 1:
            return None  # (JAX raises: not this module's to say)
        if sharded and None in found and not _sized(mesh, next(iter(sharded))):
            return None
        out.append(next(iter(sharded)) if sharded else None)
    return _result(tuple(out), mesh)


def _sized(mesh, entry) -> bool:
    """Every axis of `entry` has a known size above 1 (a dimension sharded so is not of size 1)."""
    if mesh.sizes is None:
        return False
    sizes = dict(zip(mesh.names, mesh.sizes))
    return all(type(sizes.get(axis)) is int and sizes[axis] > 1
               for axis in ((entry,) if type(entry) is str else entry))


def kept(array: object) -> Arr | None:
    layout = _layout(array)
    if layout is None or layout[1] is None:
        return None
    return _result(layout[0], layout[1])


def transposed(array: object) -> Arr | None:
    layout = _layout(array)
    if layout is None or layout[1] is None:
        return None
    return _result(tuple(reversed(layout[0])), layout[1])


def reduced(array: object, axis: object, keepdims: object) -> Arr | None:
    layout = _layout(array)
    if layout is None or layout[1] is None or type(keepdims) is not bool:
        return None
    entries, mesh = layout
    rank = len(entries)
    if axis is None:
        dims = set(range(rank))
    elif type(axis) is int:
        dims = {axis}
    elif type(axis) is tuple and all(type(a) is int for a in axis):
        dims = set(axis)
    else:
        return None
    if not all(-rank <= dim < rank for dim in dims):
        return None  # (JAX raises)
    dims = {dim % rank for dim in dims} if rank else set()
    out = tuple(None if index in dims else entry for index, entry in enumerate(entries)
                if keepdims or index not in dims)
    return _result(out, mesh)


def matmul(left: object, right: object) -> Arr | None:
    layouts = [_layout(left), _layout(right)]
    if None in layouts or any(len(entries) != 2 for entries, _ in layouts) \
            or not any(type(v) is Arr and not v.host for v in (left, right)):
        return None
    meshes = {id(mesh): mesh for _, mesh in layouts if mesh is not None}
    if len(meshes) != 1:
        return None
    (rows, inner), (inner2, cols) = layouts[0][0], layouts[1][0]
    if inner is not None and inner2 is not None:
        return None  # (JAX raises: the output's sharding is ambiguous)
    axes = [a for e in (rows, cols) if e is not None for a in ((e,) if type(e) is str else e)]
    contracted = [a for e in (inner, inner2) if e is not None for a in ((e,) if type(e) is str else e)]
    if set(axes) & set(contracted):
        return None
    return _result((rows, cols), next(iter(meshes.values())))


def tensordot(left: object, right: object, axes: object) -> Arr | None:
    """`jnp.tensordot(a, b, k)` (the last k dimensions of a against the first k of b) or with
    `axes=(dims_a, dims_b)`: the kept dimensions of a, then of b, as matmul lays them out (run on
    jax 0.10.2, eager and jitted: a replicated vector against `P(None, 'x', 'y')` gives `P('x', 'y')`)."""
    layouts = [_layout(left), _layout(right)]
    if None in layouts or not any(type(v) is Arr and not v.host for v in (left, right)):
        return None
    (first, _), (second, _) = layouts
    if type(axes) is int and 0 <= axes <= min(len(first), len(second)):
        pairs = list(zip(range(len(first) - axes, len(first)), range(axes)))
    elif type(axes) in (tuple, list) and len(axes) == 2 and all(type(a) is int for a in axes):
        pairs = [tuple(axes)]
    elif type(axes) in (tuple, list) and len(axes) == 2 and all(type(a) in (tuple, list) for a in axes) \
            and len(axes[0]) == len(axes[1]) and all(type(d) is int for a in axes for d in a):
        pairs = list(zip(*axes))
    else:
        return None
    if not all(-len(first) <= i < len(first) and -len(second) <= j < len(second) for i, j in pairs):
        return None  # (JAX raises)
    pairs = [(i % len(first), j % len(second)) for i, j in pairs]
    if len({i for i, _ in pairs}) != len(pairs) or len({j for _, j in pairs}) != len(pairs):
        return None
    if any(first[i] is not None and second[j] is not None for i, j in pairs):
        return None  # (JAX raises, or the output's sharding is ambiguous)
    kept = [e for d, e in enumerate(first) if d not in {i for i, _ in pairs}] + \
        [e for d, e in enumerate(second) if d not in {j for _, j in pairs}]
    contracted = [first[i] if first[i] is not None else second[j] for i, j in pairs]
    named = lambda entries: {a for e in entries if e is not None for a in ((e,) if type(e) is str else e)}
    meshes = {id(mesh): mesh for _, mesh in layouts if mesh is not None}
    if len(meshes) != 1 or named(kept) & named(contracted):
        return None
    return _result(tuple(kept), next(iter(meshes.values())))


def library(name: str, args: list, kwargs: dict) -> Arr | None:
    """A `jax.numpy` / `jax.nn` call's result, laid out, where a rule above says it."""
    if not args:
        return None
    if name in KEEPING:
        return kept(args[0]) if len(args) == 1 and set(kwargs) <= {"axis"} and _axis_ok(kwargs.get("axis")) else None
    if name in REDUCTIONS or name == _NORM:
        allowed = REDUCTIONS.get(name, frozenset({"ord"}) if name == _NORM else frozenset())
        positional = ("axis",) if name != _NORM else ()
        return _reduction(args[0], args[1:], kwargs, positional, allowed)
    if name in MATMULS and len(args) == 2 and not kwargs:
        return matmul(args[0], args[1])
    if name == "jax.numpy.tensordot" and len(args) in (2, 3) and set(kwargs) <= {"axes"} \
            and not (len(args) == 3 and kwargs):
        return tensordot(args[0], args[1], args[2] if len(args) == 3 else kwargs.get("axes", 2))
    if name == "jax.numpy.transpose" and len(args) == 1 and not kwargs:
        return transposed(args[0])
    if name in PREDICATES and len(args) == 1 and not kwargs:
        return kept(args[0])  # (`jnp.isfinite(e)`: a bool array laid out as e)
    if name == "jax.numpy.where" and len(args) == 3 and not kwargs:
        return broadcast(list(args))  # (`jnp.where(mask, e, 0.0)`: its three operands broadcast)
    if name == "jax.numpy.stack" and (given := bind(("arrays", "axis"), args, kwargs)) is not None:
        return stacked(given.get("arrays"), given.get("axis", 0))
    return None


def stacked(arrays: object, axis: object) -> Arr | None:
    if type(arrays) not in (list, tuple) or not arrays or type(axis) is not int \
            or not all(type(array) is Arr and not array.host for array in arrays):
        return None
    layouts = [_layout(array) for array in arrays]
    if None in layouts or len({entries for entries, _ in layouts}) != 1 or len({id(mesh) for _, mesh in layouts}) != 1:
        return None
    entries, mesh = layouts[0]
    if mesh is None or not -len(entries) - 1 <= axis <= len(entries):
        return None  # (JAX raises)
    axis %= len(entries) + 1
    return _result(entries[:axis] + (None,) + entries[axis:], mesh)


def method(owner: Arr, name: str, args: list, kwargs: dict) -> Arr | None:
    """`x.mean(axis=0, keepdims=True)`, `x.astype(jnp.bfloat16)` of an array, laid out."""
    if name in _METHOD_REDUCTIONS:
        return _reduction(owner, args, kwargs, ("axis",), _METHOD_REDUCTIONS[name])
    if name == "astype" and len(args) == 1 and not kwargs:
        return kept(owner)
    return None


def _reduction(array, args: list, kwargs: dict, positional: tuple, allowed: frozenset) -> Arr | None:
    given = bind(positional, args, kwargs, keyword_only={"axis", "keepdims", *allowed})
    if given is None:
        return None
    if given.get("ord") is not None or "ddof" in given and type(given["ddof"]) is not int:
        return None  # (`ord=`: another norm; its layout is not checked here)
    return reduced(array, given.get("axis"), given.get("keepdims", False))


def _axis_ok(axis: object) -> bool:
    return axis is None or type(axis) is int or type(axis) is tuple and all(type(a) is int for a in axis)


def indexed(array: object, parts: list, shape: tuple | None = None) -> Arr | None:
    """`x[:, None]`, `x[..., None]`, `x[None]`, `table[:, 0]`: new dimensions of size 1 (None
    entries) among the kept ones, and an int dropping a dimension that is not sharded (JAX raises
    ShardingTypeError for one that is) and whose size `shape` says it is within; any other part
    is not read here."""
    layout = _layout(array)
    if layout is None or layout[1] is None or sum(part is Ellipsis for part in parts) > 1 or not all(
            part is None or part is Ellipsis or type(part) is int or type(part) is slice and part == slice(None)
            for part in parts):
        return None
    entries, mesh = layout
    kept_count = sum(type(part) in (slice, int) for part in parts)
    if kept_count > len(entries) or shape is not None and len(shape) != len(entries):
        return None
    out, at = [], 0
    for part in parts:
        if part is None:
            out.append(None)
        elif part is Ellipsis:
            rest = len(entries) - kept_count
            out.extend(entries[at:at + rest])
            at += rest
        elif type(part) is int:
            if entries[at] is not None or shape is None or type(shape[at]) is not int or not -shape[at] <= part < shape[at]:
                return None  # (a sharded dimension, or an index JAX may refuse: IndexError)
            at += 1
        else:
            out.append(entries[at])
            at += 1
    out.extend(entries[at:])
    return _result(tuple(out), mesh)


def operated(op: type, sides: list) -> Arr | None:
    """`left <op> right` of arrays and numbers (an unknown Python number given as 0.0)."""
    import ast

    if op is ast.MatMult:
        return matmul(*sides)
    if op in (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow):
        return broadcast(sides)
    return None
