"""Arrays on one device, uncommitted, in a script run (script_run.py, state_runs.py; issue 13).

A model's parameters are most often made by JAX itself before any mesh is in force:
`jax.random.normal(key, (2, 16)) / math.sqrt(2)`, `jnp.zeros(16)`, keys split from
`jax.random.PRNGKey(seed)`, and handed to shard_map with a spec that shards nothing (`P()`).
JAX puts what a JAX function makes outside any mesh context, with no sharding asked for, from
NumPy arrays, Python numbers and such arrays only, on one device, uncommitted
(SingleDeviceSharding); shard_map on a mesh with Explicit axes takes it for an in_specs entry
that shards nothing, and rejects it for one that shards a dimension ("in_specs passed to
shard_map: P('x', None) does not match the specs of the input: P(None, None)", run on 0.10.2):
its layout is the replicated one. An array made any other way (placed by `jax.device_put`,
computed from an array placed on a mesh, made inside a body, a jitted function or under
`jax.set_mesh`) is not one of these: its layout stays unknown unless other code knows it.
"""
from __future__ import annotations

from codemods.analysis.script_values import Arr, Lib, Opaque

_MAKERS = ("jax.numpy.", "jax.random.", "jax.nn.")
_PLACING = frozenset({"out_sharding", "sharding", "device", "out_shardings"})


def _outside(run) -> bool:
    """No body, jitted function or mesh context is running: what JAX makes goes to one device."""
    return not run.in_body and not run.jitted and run.context_mesh() is None


def nested_leaves(values, limit: int = 256) -> list | None:
    """The values among `values` and in their tuples and lists, or None past `limit` items (a
    structure too large to be a call's arguments worth reading)."""
    stack, leaves, seen = list(values), [], 0
    while stack:
        value = stack.pop()
        seen += 1
        if seen > limit:
            return None
        if type(value) in (tuple, list):
            stack.extend(value)
        else:
            leaves.append(value)
    return leaves


def _source_ok(value: object) -> bool:
    if type(value) is Arr:
        return value.host or value.one
    # (Lib: a dtype such as `jnp.float32`; Opaque: a shape or a dtype read off an array)
    return value is None or type(value) in (int, float, bool, str, Lib, Opaque)


def _sources_ok(values) -> bool:
    """Every array among `values` (and in their tuples and lists) is NumPy's or on one device."""
    leaves = nested_leaves(values)
    return leaves is not None and all(_source_ok(value) for value in leaves)


def made(run, name: str, args: list, kwargs: dict, result: object) -> object:
    """`result` of the library call `name`, marked as on one device where it is."""
    if type(result) is Arr and not result.host and result.sharding is None and name.startswith(_MAKERS) and not _PLACING & set(kwargs) \
            and _outside(run) and _sources_ok([*args, *kwargs.values()]):
        result.one = True
    elif type(result) is Arr and not result.host:
        from codemods.analysis.mesh_made import replicated

        return replicated(run, name, args, kwargs, result, _PLACING)  # (under an Explicit mesh: mesh_made.py)
    return result


def computed(run, result: object, sources: list) -> object:
    """`result` of an operator, method or unpacking of `sources`, on one device where they are
    NumPy arrays, numbers and arrays on one device, with at least one of the last kind."""
    if type(result) is Arr and not result.host and result.sharding is None and _outside(run) and _sources_ok(sources) \
            and any(type(source) is Arr and source.one for source in sources):
        result.one = True
    return result


def traced_number(leaf: object) -> Arr:
    """What a jitted function's body is handed for `leaf`, not an array: a scalar array; of no
    mesh for a Python number (JAX 0.10.2 types it `P()` on an empty abstract mesh, under
    `jax.set_mesh` too), so it combines with arrays of any layout as one on one device does."""
    made = Arr(None, False, ndim=0)
    made.one = type(leaf) in (int, float, bool)
    return made
