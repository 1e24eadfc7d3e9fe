"""Arrays JAX makes from host values under a mesh whose axes are all Explicit, in a script run
(script_run.py; issue 13).

Under `jax.set_mesh(mesh)` JAX puts a new array on that mesh: `jnp.array([0, 1, 0, -1], f.dtype)`,
`jnp.zeros((4, 4))`, `jnp.arange(8)`, `jnp.tanh(np.ones(3))` made from Python numbers, lists and
NumPy arrays only (no array already on a device among them, no `device=`/`out_sharding=` asked)
come out replicated on every axis, `P()` / `P(None, ...)`, eagerly and inside `jax.jit` alike
(run on jax 0.10.2 with Explicit axes). Physics codes make their stencil weights that way
(`cx = jnp.array([...], f.dtype)`) and contract them with placed fields
(`jnp.tensordot(cx, f, 1)`, explicit_layouts.py): the field's layout then comes through.
Outside any mesh context such arrays are on one device (one_device.py); under a mesh whose axis
types are not all known to be Explicit, or inside a shard_map body, nothing is said here.
"""
from __future__ import annotations

from codemods.analysis.array_dtypes import DType
from codemods.analysis.one_device import nested_leaves
from codemods.analysis.script_values import Arr, Lib, Opaque, ShardObj, SpecObj
from codemods.analysis.unknown_numbers import of_numbers

_MAX_RANK = 8


def _host_only(run, values) -> bool:
    """Every value among `values` (and in their tuples and lists) is a Python value, a dtype, a
    Python number the run does not know, or a NumPy array."""
    leaves = nested_leaves(values)
    return leaves is not None and all(_host_value(run, value) for value in leaves)


def _host_value(run, value: object) -> bool:
    if type(value) is Arr:
        return value.host
    if type(value) is Opaque:
        return of_numbers(run, value)  # (an unknown value may be an array on a device)
    return value is None or type(value) in (int, float, bool, str, Lib, DType)


def replicated(run, name: str, args: list, kwargs: dict, result: Arr, placing: frozenset) -> Arr:
    """`result` of the `jax.numpy` call `name`, laid out replicated on the context mesh where
    JAX puts it so."""
    if result.sharding is not None or result.host or not name.startswith("jax.numpy.") or placing & set(kwargs) \
            or run.in_body or type(result.ndim) is not int or not 0 <= result.ndim <= _MAX_RANK:
        return result
    mesh = run.context_mesh()
    if mesh is None or mesh.explicit is not True or not _host_only(run, [*args, *kwargs.values()]):
        return result
    result.sharding = ShardObj(mesh, SpecObj((None,) * result.ndim))
    return result
