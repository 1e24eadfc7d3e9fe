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

`jax.random` draws made there from host values and keys made there are replicated too
(`_drawn`).

Outside a mesh context too, a `jax.numpy` / `jax.nn` call whose arrays are all replicated on one
mesh with Explicit axes (a shard_map result of `out_specs=P()`), NumPy arrays or arrays on one
device (uncommitted: JAX moves them to the mesh), with at least one on the mesh, gives an array
replicated on that mesh: `jnp.linalg.solve(gram + alpha * jnp.eye(d), rhs)`, `jnp.linalg.inv`,
`jnp.clip`, `jnp.cumsum`, `jnp.einsum`, `jnp.concatenate`, `jnp.outer`, `jax.nn.softmax` (run on
jax 0.10.2: a sharding rule has no sharded entry to give when no operand has one).
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
    """`result` of the `jax.numpy` call `name`, laid out replicated on the context mesh, or on
    the mesh its replicated operands are on, where JAX puts it so."""
    if result.sharding is not None or result.host or not name.startswith(("jax.numpy.", "jax.nn.", "jax.random.")) \
            or placing & set(kwargs) or run.in_body or result.ndim is not None and not 0 <= result.ndim <= _MAX_RANK:
        return result
    if name.startswith("jax.random."):
        return _drawn(run, name, args, kwargs, result)
    if not run.jitted and run.context_mesh() is None \
            and (mesh := _operands_mesh(run, [*args, *kwargs.values()])) is not None:
        # (of an unknown rank: `P()`, as JAX prints `jnp.linalg.inv`'s)
        result.sharding = ShardObj(mesh, SpecObj((None,) * (result.ndim or 0)))
        return result
    if not name.startswith("jax.numpy.") or result.ndim is None:
        return result
    mesh = run.context_mesh()
    if mesh is None or mesh.explicit is not True or not _host_only(run, [*args, *kwargs.values()]):
        return result
    result.sharding = ShardObj(mesh, SpecObj((None,) * result.ndim))
    return result


def _drawn(run, name: str, args: list, kwargs: dict, result: Arr) -> Arr:
    """`jax.random.key(0)`, `fold_in(key, n)`, `split(key, 3)`, `normal(key, (4, 3))`,
    `uniform`, `bernoulli`, `permutation`, ... called eagerly under a mesh with Explicit axes, from
    host values and keys made there (or on one device): replicated on that mesh (run on jax
    0.10.2), so an NNX-style `Rngs` made under `jax.set_mesh` gives parameters laid out `P()`."""
    mesh = run.context_mesh()
    ndim = result.ndim if result.ndim is not None else _key_rank(name, args, kwargs)
    if run.jitted or mesh is None or mesh.explicit is not True or ndim is None:
        return result
    leaves = nested_leaves([*args, *kwargs.values()])
    if leaves is None or not all(_host_value(run, value) or type(value) is Arr and (value.one or _replicated_on(value, mesh))
                                 for value in leaves):
        return result
    result.ndim = ndim
    result.sharding = ShardObj(mesh, SpecObj((None,) * ndim))
    return result


def _key_rank(name: str, args: list, kwargs: dict) -> int | None:
    """The rank of a key JAX makes: `key(0)` a scalar, `PRNGKey(0)` two uint32s, `fold_in(k, n)`
    k's, `split(k, n)` one more than k's (None: not known)."""
    if name in ("jax.random.key", "jax.random.PRNGKey") and len(args) == 1 and type(args[0]) is int and not kwargs:
        return 0 if name == "jax.random.key" else 1
    key = args[0] if args and type(args[0]) is Arr else None
    if key is None or key.ndim is None or kwargs:
        return None
    if name == "jax.random.fold_in" and len(args) == 2:
        return key.ndim
    if name == "jax.random.split" and len(args) in (1, 2):
        num = args[1] if len(args) == 2 else 2
        return key.ndim + 1 if type(num) is int else key.ndim + len(num) if type(num) is tuple \
            and all(type(size) is int for size in num) else None
    return None


def _replicated_on(value: Arr, mesh) -> bool:
    sharding = value.sharding
    return sharding is not None and sharding.mesh is mesh and not any(sharding.spec.spec.partitions) \
        and not sharding.spec.spec.reduced and not sharding.spec.spec.unreduced


def _operands_mesh(run, values) -> object:
    """The one mesh with Explicit axes that the arrays among `values` are replicated on, every
    other array being NumPy's or on one device and every other value a Python one; None if not."""
    leaves = nested_leaves(values)
    if leaves is None:
        return None
    meshes = {}
    for value in leaves:
        if type(value) is Arr and not value.host and not value.one:
            sharding = value.sharding
            if sharding is None or sharding.mesh.explicit is not True or any(sharding.spec.spec.partitions) \
                    or sharding.spec.spec.reduced or sharding.spec.spec.unreduced:
                return None
            meshes[id(sharding.mesh)] = sharding.mesh
        elif not (type(value) is Arr or _host_value(run, value)):
            return None
    return next(iter(meshes.values())) if len(meshes) == 1 else None
