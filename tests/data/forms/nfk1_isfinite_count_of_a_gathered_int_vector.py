"""The twin of fk1 on an int32 vector: `jnp.isfinite` of an int array is a constant on jax 0.10.2
(invariant, whatever the operand's state), so the psum of its count is legal. The script run
knows the operand is an int array and reads the int outcome (the float one, reduced, would make
the psum an error)."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def _finite_count(x, axis):
    full = jax.lax.all_gather(x, axis, tiled=True, to="reduced")
    return jax.lax.psum(jnp.sum(jnp.isfinite(full)), axis)


_COUNTS = {"finite": _finite_count}


def count(b, mesh, what="finite"):
    (axis,) = mesh.axis_names
    step = functools.partial(_COUNTS[what], axis=axis)
    b_s = jax.device_put(np.asarray(b, np.int32), NamedSharding(mesh, P(axis)))
    return jax.shard_map(step, mesh=mesh, in_specs=P(axis), out_specs=P())(b_s)


def main():
    return count(np.arange(16), jax.make_mesh((8,), ("dev",)))


if __name__ == "__main__":
    main()
