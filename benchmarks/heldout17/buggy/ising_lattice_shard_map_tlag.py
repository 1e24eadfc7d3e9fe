"""Ising sweep under a context mesh; the lattice snapshot is gathered with a layout from a NamedTuple."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Layouts(NamedTuple):
    lattice: P = P("rows", "cols")
    snapshot: P = P(None, "cols")


LAYOUTS = Layouts()


def flip_all(spins):
    return -spins


def inputs():
    mesh = jax.make_mesh((2, 4), ("rows", "cols"))
    return mesh, jnp.ones((8, 8))


def main(mesh, spins):
    spins = jax.device_put(spins, NamedSharding(mesh, LAYOUTS.lattice))
    with jax.set_mesh(mesh):
        sweep = jax.shard_map(flip_all, in_specs=LAYOUTS.lattice, out_specs=LAYOUTS.lattice)
        for _ in range(2):
            spins = sweep(spins)
        snap = top_level_all_gather(spins, LAYOUTS.snapshot)
    return snap
