"""A solver step picked from a registry validates the gathered iterate with
`jnp.all(jnp.isfinite(full))` when asked to. `full` is a float32 array reduced on the axis: on jax
0.10.2 `jnp.isfinite` keeps a float operand's reduced state (on an int operand it is a constant:
the table keeps both outcomes, per dtype kind), so the check raises nothing and the psum of the
reduced iterate after it is the error. Only the script run follows the registry, and it knows the
iterate is a float32 array."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def _check(x, axis):
    full = jax.lax.all_gather(x, axis, tiled=True, to="reduced")
    return full, jnp.all(jnp.isfinite(full))


def _scaled(b, axis, validate):
    x = b * 2.0
    if validate:
        x, ok = _check(x, axis)
    return jax.lax.psum(jnp.sum(x * x), axis)  # SF103


_STEPS = {"scaled": _scaled}


def solve(b, mesh, method="scaled", validate=False):
    (axis,) = mesh.axis_names
    step = functools.partial(_STEPS[method], axis=axis, validate=validate)
    b_s = jax.device_put(np.asarray(b, np.float32), NamedSharding(mesh, P(axis)))
    return jax.shard_map(step, mesh=mesh, in_specs=P(axis), out_specs=P())(b_s)


def main():
    mesh = jax.make_mesh((8,), ("dev",))
    solve(np.ones(16), mesh)
    return solve(np.ones(16), mesh, validate=True)


if __name__ == "__main__":
    main()
