"""Replica exchange: potential energies of each replica, collected for the swap acceptance test."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CELL, REPLICA = "cell", "replica"
BETAS = np.array([1.0, 0.8], dtype=np.float32)

gather_cells = functools.partial(jax.lax.all_gather, axis_name=CELL, to="reduced", tiled=True)
gather_world = functools.partial(jax.lax.all_gather, axis_name=(CELL, REPLICA), to="reduced")


def lj_energy(pos):
    r2 = jnp.sum(pos * pos, axis=-1) + 1.0
    inv6 = 1.0 / r2 ** 3
    return jnp.sum(4.0 * (inv6 * inv6 - inv6), axis=0, keepdims=True)


def exchange_table(pos):
    per_cell = gather_cells(lj_energy(pos))
    return gather_world(per_cell)


def main(pos):
    mesh = jax.make_mesh((4, 2), (CELL, REPLICA))
    pos = jax.device_put(pos, NamedSharding(mesh, P(CELL, REPLICA, None)))
    f = jax.shard_map(exchange_table, mesh=mesh, in_specs=P(CELL, REPLICA, None),
                      out_specs=P(None, None, None, reduced={CELL, REPLICA}))
    return jax.jit(f)(pos)


def inputs():
    rng = np.random.default_rng(14)
    return (rng.uniform(0.5, 3, (32, 2, 3)).astype(np.float32),)
