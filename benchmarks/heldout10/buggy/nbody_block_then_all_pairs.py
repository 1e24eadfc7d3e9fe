"""N-body on a 2-D process grid: a row group first shares its particles (short-range block),
then the whole grid's particles are collected for the long-range snapshot."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GRID = ("px", "py")


def inputs():
    rng = np.random.default_rng(9)
    pos = rng.uniform(size=(32, 3)).astype(np.float32)
    mass = rng.uniform(0.5, 1.5, size=(32, 1)).astype(np.float32)
    return pos, mass


def share(x, axes):
    return jax.lax.all_gather(x, axes, axis=0, tiled=True, to="reduced")


def step(pos, mass):
    row_axis, col_axis = GRID
    block = share(pos, col_axis)
    block_mass = mass.T @ block[: mass.shape[0]]
    snapshot = share(block, GRID)
    return block_mass, snapshot


def main(pos, mass):
    mesh = jax.make_mesh((2, 4), GRID)
    spec = P(GRID, None)
    pos = jax.device_put(pos, NamedSharding(mesh, spec))
    mass = jax.device_put(mass, NamedSharding(mesh, spec))
    fn = jax.shard_map(step, mesh=mesh, in_specs=(spec, spec),
                       out_specs=(P(GRID, None), P(None, None, reduced=set(GRID))))
    return fn(pos, mass)
