"""Arrays JAX's constructors make already placed by the sharding given as `device=`, in a script
run (script_jax.py; issue 13).

FSDP code makes its optimizer state where its parameters live: `jnp.zeros(shape, jnp.float32,
device=NamedSharding(mesh, P("fsdp", None)))`. On jax 0.10.2 (8 CPU devices, a mesh of Explicit
axes, outside any mesh context and under `jax.set_mesh` alike) `jnp.zeros`, `jnp.ones`,
`jnp.empty` and `jnp.full` given a NamedSharding as `device` give an array whose sharding is
that one. A dimension a spec entry shards must divide by the product of its axes' sizes (else
JAX raises at the call), so the placement is taken only where the shape and the mesh's sizes
are known and divide; a spec with reduced or unreduced axes, more entries than dimensions, or
axes the mesh lacks, and any call inside a shard_map body or a jitted function, are left as the
run read them before (no layout). `jnp.array`/`jnp.asarray` with `device=` are not the same
(outside a mesh context they raise on Explicit axes) and are not read here.
"""
from __future__ import annotations

import math

from codemods.analysis.script_values import MeshObj, ShardObj

_MAKERS = {"jax.numpy.zeros": 2, "jax.numpy.ones": 2, "jax.numpy.empty": 2, "jax.numpy.full": 3}  # (positional
# parameters before the keyword-only `device`: shape, dtype; shape, fill_value, dtype)


def placed(run, name: str, args: list, kwargs: dict) -> ShardObj | None:
    """The sharding `name(*args, **kwargs)` gives its array through `device=`, where certain."""
    given = kwargs.get("device")
    if name not in _MAKERS or type(given) is not ShardObj or run.in_body or run.jitted \
            or len(args) > _MAKERS[name] or set(kwargs) - {"shape", "dtype", "fill_value", "device"}:
        return None
    shape = args[0] if args else kwargs.get("shape")
    shape = (shape,) if type(shape) is int else shape
    mesh, spec = given.mesh, given.spec
    if type(shape) not in (tuple, list) or not all(type(size) is int and size >= 0 for size in shape) \
            or type(mesh) is not MeshObj or mesh.sizes is None or len(mesh.sizes) != len(mesh.names) \
            or spec.spec.reduced or spec.spec.unreduced or len(spec.spec.partitions) > len(shape):
        return None
    sizes = dict(zip(mesh.names, mesh.sizes))
    for size, part in zip(shape, spec.spec.partitions):
        if any(axis not in sizes for axis in part) or size % math.prod(sizes[axis] for axis in part):
            return None
    return given
