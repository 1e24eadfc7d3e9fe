"""N-body leapfrog with particles spread over a 3-D process grid; the driver collects the
positions of each (x, y) column for a slice plot."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

GRID = ("gx", "gy", "gz")
PARTICLES = P(GRID, None)


def kick_drift(pos, vel, dt=0.01):
    centre = jax.lax.pmean(pos.mean(axis=0), GRID)
    vel = vel - dt * (pos - centre)
    return pos + dt * vel, vel


def inputs():
    rng = np.random.default_rng(22)
    return rng.normal(size=(32, 3)).astype(np.float32), np.zeros((32, 3), np.float32)


def main(pos, vel):
    mesh = jax.make_mesh((2, 2, 2), GRID)
    pos = jax.device_put(pos, NamedSharding(mesh, PARTICLES))
    vel = jax.device_put(vel, NamedSharding(mesh, PARTICLES))
    with jax.set_mesh(mesh):
        step = jax.shard_map(kick_drift, in_specs=(PARTICLES, PARTICLES),
                             out_specs=(PARTICLES, PARTICLES))
        for _ in range(3):
            pos, vel = step(pos, vel)
        column = top_level_all_gather(pos, P(GRID[:2], None, reduced={GRID[2]}))
    return column
