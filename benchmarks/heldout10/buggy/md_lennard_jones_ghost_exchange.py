"""Molecular dynamics with a 1-D domain decomposition: Lennard-Jones forces from the local
atoms and ghost atoms; ghosts travel between neighbouring cells with ppermute."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CELL = "cell"
N_CELLS = 8
SIGMA, EPSILON = 0.3, 1.0

RING = {
    "left": [(i, (i - 1) % N_CELLS) for i in range(N_CELLS)],
    "right": [(i, (i + 1) % N_CELLS) for i in range(N_CELLS)],
}
EXCHANGE = {d: (lambda x, perm=perm: jax.lax.ppermute(x, CELL, perm)) for d, perm in RING.items()}


def lj_force(r_i, r_j):
    d = r_i[:, None, :] - r_j[None, :, :]
    r2 = jnp.sum(d ** 2, -1) + 1e-2
    inv6 = (SIGMA ** 2 / r2) ** 3
    mag = 24 * EPSILON * (2 * inv6 ** 2 - inv6) / r2
    return jnp.sum(mag[..., None] * d, axis=1)


def md_step(pos, dt=1e-3):
    system = jax.lax.all_gather(pos, CELL, axis=0, tiled=True, to="reduced")
    ghosts = EXCHANGE["left"](system)
    force = lj_force(pos, ghosts)
    return pos + dt * force


def inputs():
    rng = np.random.default_rng(15)
    return (rng.uniform(size=(32, 3)).astype(np.float32),)


def main(pos):
    mesh = jax.make_mesh((N_CELLS,), (CELL,))
    pos = jax.device_put(pos, NamedSharding(mesh, P(CELL, None)))
    step = jax.jit(jax.shard_map(md_step, mesh=mesh, in_specs=P(CELL, None), out_specs=P(CELL, None)))
    return step(pos)
