"""A JAX-MD-like neighbour list whose allocate/update pair is built by a factory."""
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REPLICA_AXIS = "replica"
ATOM_AXIS = "atoms"


class NeighborList(NamedTuple):
    idx: jax.Array
    did_buffer_overflow: jax.Array
    max_occupancy: jax.Array


class NeighborListFns(NamedTuple):
    allocate: Callable
    update: Callable


def periodic_displacement(box):
    def displacement(ra, rb):
        d = ra - rb
        return d - box * jnp.round(d / box)
    return displacement


def neighbor_list(displacement_fn, r_cutoff, capacity, atom_axis=ATOM_AXIS):
    def candidates(position):
        dr = jax.vmap(jax.vmap(displacement_fn, (None, 0)), (0, None))(position, position)
        return jnp.sum(dr ** 2, axis=-1) < r_cutoff ** 2

    def update(position):
        within = candidates(position)
        occupancy = jnp.max(jnp.sum(within, axis=-1), axis=-1, keepdims=True).astype(jnp.float32)
        busiest = jax.lax.pmax(occupancy, atom_axis)
        per_shard = jax.lax.all_gather(busiest, atom_axis, axis=1, tiled=True, to="reduced")
        idx = jnp.argsort(~within, axis=-1)[..., :capacity]
        return NeighborList(idx, busiest > capacity, per_shard)

    def allocate(position):
        return update(position)

    return NeighborListFns(allocate, update)


def inputs():
    rng = np.random.default_rng(6)
    return (rng.uniform(0.0, 4.0, size=(4, 32, 3)).astype(np.float32),)


def main(position):
    mesh = jax.make_mesh((2, 4), (REPLICA_AXIS, ATOM_AXIS))
    spec = P(REPLICA_AXIS, ATOM_AXIS, None)
    position = jax.device_put(position, NamedSharding(mesh, spec))
    fns = neighbor_list(periodic_displacement(4.0), r_cutoff=1.5, capacity=6)
    out = NeighborList(P(REPLICA_AXIS, ATOM_AXIS, None), P(REPLICA_AXIS, None),
                       P(REPLICA_AXIS, None, reduced={ATOM_AXIS}))
    return jax.shard_map(fns.update, mesh=mesh, in_specs=(spec,), out_specs=out)(position)


if __name__ == "__main__":
    main(*inputs())
