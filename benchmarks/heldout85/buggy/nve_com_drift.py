"""NVE run that removes centre-of-mass drift from the momenta before integrating."""
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


# --- simulate ----------------------------------------------------------------------------------

@functools.partial(jax.tree_util.register_dataclass,
                   data_fields=["position", "momentum", "force"], meta_fields=[])
@dataclasses.dataclass
class NVEState:
    position: jax.Array
    momentum: jax.Array
    force: jax.Array


def nve(force, shift_fn, dt, atom_axis, mass=1.0):
    def neighbours(R):
        return jax.lax.all_gather(R, atom_axis, axis=1, tiled=True)

    def init_fn(R, momentum):
        return NVEState(R, momentum, force(R, neighbours(R)))

    def apply_fn(state):
        momentum = state.momentum + 0.5 * dt * state.force
        R = shift_fn(state.position, dt * momentum / mass)
        F = force(R, neighbours(R))
        return NVEState(R, momentum + 0.5 * dt * F, F)

    return init_fn, apply_fn


SIM = {"dt": 5e-3, "steps": 6}


class Replicas:
    def __init__(self, mesh):
        self.replica_axis, self.atom_axis = mesh.axis_names

    def all_momenta(self, momentum):
        return jax.lax.all_gather(momentum, self.atom_axis, axis=1, tiled=True, to="reduced")

    def com_velocity(self, momentum):
        total = self.all_momenta(momentum).sum(axis=1, keepdims=True)
        return jax.lax.psum(total, self.atom_axis) / N_ATOMS

    def __call__(self, R, P0):
        displacement_fn, shift_fn = periodic(BOX)
        energy = pair_energy(displacement_fn, lennard_jones)
        init_fn, apply_fn = nve(force_fn(energy), shift_fn, SIM["dt"], self.atom_axis)
        state = init_fn(R, P0 - self.com_velocity(P0))
        for _ in range(SIM["steps"]):
            state = apply_fn(state)
        return state.position, state.momentum


def main(R, P0):
    mesh = jax.make_mesh((2, 4), ("replica", "atoms"))
    spec = P("replica", "atoms", None)
    R, P0 = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (R, P0))
    run = jax.shard_map(Replicas(mesh), mesh=mesh, in_specs=(spec, spec), out_specs=(spec, spec))
    positions, momenta = jax.jit(run)(R, P0)
    return positions.shape, momenta.shape


if __name__ == "__main__":
    print(main(*inputs()))
