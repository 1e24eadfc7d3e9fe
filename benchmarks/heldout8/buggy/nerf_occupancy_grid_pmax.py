"""NeRF occupancy grid update: densities on grid cells sharded over the mesh, a running max kept."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GRID_AXES = ("gx", "gy")


def density_field(cells, w):
    return jax.nn.softplus(cells @ w)


def inputs():
    rng = np.random.default_rng(16)
    return rng.normal(size=(8, 8, 3)).astype(np.float32), rng.normal(size=(3, 1)).astype(np.float32)


def main(cells, w):
    mesh = jax.make_mesh((2, 4), GRID_AXES)
    cells = jax.device_put(cells, NamedSharding(mesh, P(*GRID_AXES, None)))
    w = jax.device_put(w, NamedSharding(mesh, P()))

    def update(c, w):
        sigma = density_field(c, w)[..., 0]
        rows = jax.lax.all_gather(sigma, GRID_AXES[1], axis=1, tiled=True, to="reduced")
        peak = jnp.max(jax.lax.pmax(rows, GRID_AXES[1]), axis=1)
        return peak

    f = jax.jit(jax.shard_map(update, mesh=mesh, in_specs=(P(*GRID_AXES, None), P()),
                              out_specs=P(GRID_AXES[0])))
    return f(cells, w)
