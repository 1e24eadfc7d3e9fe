"""Neighbour-list update loop that flags a buffer overflow across the atom blocks."""
import dataclasses
import functools
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_REPLICAS, N_ATOMS, DIM = 2, 16, 3
BOX = 4.0


# --- space -------------------------------------------------------------------------------------

def periodic(box):
    def displacement_fn(Ra, Rb):
        dR = Ra - Rb
        return dR - box * jnp.round(dR / box)

    def shift_fn(R, dR):
        return jnp.mod(R + dR, box)

    return displacement_fn, shift_fn


# --- energy ------------------------------------------------------------------------------------

def lennard_jones(dr, sigma=1.0, epsilon=1.0):
    idr6 = (sigma / dr) ** 6
    return 4.0 * epsilon * (idr6 ** 2 - idr6)


def pair_energy(displacement_fn, pair_fn, **params):
    def energy_fn(R_local, R_all):
        dR = displacement_fn(R_local[:, :, None, :], R_all[:, None, :, :])
        dr = jnp.sqrt(jnp.sum(dR ** 2, axis=-1) + 1.0)
        return jnp.sum(pair_fn(dr, **params))

    return energy_fn


def force_fn(energy_fn):
    return lambda R_local, R_all: -jax.grad(energy_fn)(R_local, R_all)


def kinetic_energy(momentum, mass=1.0):
    return 0.5 * jnp.sum(momentum ** 2) / mass


def lattice(key):
    side = np.linspace(0.0, BOX, 4, endpoint=False)
    grid = np.stack(np.meshgrid(side, side, [0.0], indexing="ij"), -1).reshape(-1, DIM)
    jitter = 0.05 * np.asarray(jax.random.normal(key, (N_REPLICAS, N_ATOMS, DIM)))
    return (grid[None] + jitter).astype(np.float32)


def inputs():
    R = lattice(jax.random.key(0))
    P0 = 0.1 * np.asarray(jax.random.normal(jax.random.key(1), R.shape), np.float32)
    return R, P0


# --- partition ---------------------------------------------------------------------------------

@functools.partial(jax.tree_util.register_dataclass,
                   data_fields=["idx", "reference_position"], meta_fields=["capacity"])
@dataclasses.dataclass
class NeighborList:
    idx: jax.Array
    reference_position: jax.Array
    capacity: int


class NeighborListFns(NamedTuple):
    allocate: Callable
    update: Callable


def neighbor_list(displacement_fn, r_cutoff, atom_axis, capacity=8):
    def candidates(R):
        R_all = jax.lax.all_gather(R, atom_axis, axis=1, tiled=True)
        dR = displacement_fn(R[:, :, None, :], R_all[:, None, :, :])
        return jnp.sum(dR ** 2, axis=-1) < r_cutoff ** 2

    def build(R):
        mask = candidates(R)
        order = jnp.argsort(~mask, axis=-1, stable=True)[..., :capacity]
        idx = jnp.where(jnp.take_along_axis(mask, order, axis=-1), order, N_ATOMS)
        return NeighborList(idx, R, capacity)

    def allocate(R):
        return build(R)

    def update(R, nbrs):
        return build(R)

    return NeighborListFns(allocate, update)


def occupancy(nbrs):
    return jnp.sum(nbrs.idx < N_ATOMS, axis=-1)


PARTITION = {"r_cutoff": 1.5, "capacity": 4}


def gathered_occupancy(nbrs, atoms):
    return jax.lax.all_gather(occupancy(nbrs), atoms, axis=1, tiled=True, to="reduced")


def did_buffer_overflow(nbrs, atoms):
    full = gathered_occupancy(nbrs, atoms)
    slots = jax.lax.psum(full.sum(axis=1), atoms)
    return slots >= nbrs.capacity * N_ATOMS


def run_updates(R, P0, atoms):
    displacement_fn, shift_fn = periodic(BOX)
    neighbor_fn = neighbor_list(displacement_fn, PARTITION["r_cutoff"], atoms,
                                capacity=PARTITION["capacity"])
    nbrs = neighbor_fn.allocate(R)
    for _ in range(3):
        R = shift_fn(R, 0.01 * P0)
        nbrs = neighbor_fn.update(R, nbrs)
    return R, did_buffer_overflow(nbrs, atoms)


def main(R, P0):
    mesh = jax.make_mesh((2, 4), ("replica", "atoms"))
    spec = P("replica", "atoms", None)
    R, P0 = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (R, P0))
    run = jax.shard_map(functools.partial(run_updates, atoms="atoms"), mesh=mesh,
                        in_specs=(spec, spec), out_specs=(spec, P("replica")))
    R, overflow = jax.jit(run)(R, P0)
    return R.shape, bool(overflow.any())


if __name__ == "__main__":
    print(main(*inputs()))
