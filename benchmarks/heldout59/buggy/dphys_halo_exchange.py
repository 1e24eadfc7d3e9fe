"""Position-based-dynamics cloth: exchange boundary particles with the neighbouring shard."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def ring(n, shift=1):
    return tuple((i, (i + shift) % n) for i in range(n))


def boundary_rows(pos, axis):
    snapshot = jax.lax.all_gather(pos[:, -1:], axis, axis=1, tiled=True, to="reduced")
    return snapshot


def exchange(pos, *, axis, n):
    edge = boundary_rows(pos, axis)
    from_left = jax.lax.ppermute(edge, axis, perm=ring(n))
    return from_left


def inputs():
    return (np.arange(4 * 32, dtype=np.float32).reshape(4, 32) * 0.01,)


def main(pos):
    mesh = jax.make_mesh((2, 4), ("scene", "particle"))
    spec = P("scene", "particle")
    pos = jax.device_put(pos, NamedSharding(mesh, spec))
    body = functools.partial(exchange, axis="particle", n=mesh.shape["particle"])
    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=spec)(pos)


if __name__ == "__main__":
    main(*inputs())
