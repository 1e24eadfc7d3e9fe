"""Spin-spin correlation function C(r) along the columns of a 2D Ising lattice."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

L = 16
MAX_DISTANCE = 8

MESH_SHAPE = (2, 4)
MESH_AXES = ("row", "col")


def row_profiles(s, axis):
    return jax.lax.all_gather(s, axis, axis=1, tiled=True, to="reduced")


def correlation(s, *, axis, max_r):
    rows = row_profiles(s, axis)
    shifted = jnp.stack([jnp.roll(rows, -r, axis=1) for r in range(max_r)])
    products = shifted * rows[None]
    return jnp.sum(products, axis=(1, 2))


def inputs():
    rng = np.random.default_rng(9)
    return (rng.choice(np.array([-1.0, 1.0], np.float32), size=(L, L)),)


def main(spins):
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    row_axis, col_axis = mesh.axis_names
    spins = jax.device_put(spins, NamedSharding(mesh, P(row_axis, col_axis)))
    body = functools.partial(correlation, axis=col_axis, max_r=MAX_DISTANCE)
    fn = jax.shard_map(body, mesh=mesh, in_specs=P(row_axis, col_axis), out_specs=P(row_axis, reduced={col_axis}))
    return fn(spins)


if __name__ == "__main__":
    main(*inputs())
