from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class NeighborListFns(NamedTuple):
    allocate: Callable
    update: Callable


def neighbor_list(capacity, atom_axis="j"):
    def update(position):
        occupancy = jnp.max(jnp.sum(position, axis=-1), axis=-1, keepdims=True)
        busiest = jax.lax.pmax(occupancy, atom_axis)
        per_shard = jax.lax.all_gather(busiest, atom_axis, axis=0, tiled=True, to="reduced")
        return per_shard, busiest > capacity

    def allocate(position):
        return update(position)

    return NeighborListFns(allocate, update)


def main(mesh, x):
    fns = neighbor_list(capacity=6)
    first = fns[0]
    return first, jax.shard_map(fns.update, mesh=mesh, in_specs=P("i", "j"),
                                out_specs=(P("i", reduced={"j"}), P("i")))(x)
