"""NVT run of the replica ensemble reporting the ensemble-mean temperature."""
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


# --- quantities --------------------------------------------------------------------------------

def temperature(momentum, atom_axis, mass=1.0):
    dof = N_ATOMS * DIM
    return 2.0 * jax.lax.psum(kinetic_energy(momentum, mass), atom_axis) / dof


# --- simulate ----------------------------------------------------------------------------------

@functools.partial(jax.tree_util.register_dataclass,
                   data_fields=["position", "momentum", "force", "kT"], meta_fields=[])
@dataclasses.dataclass
class NVTState:
    position: jax.Array
    momentum: jax.Array
    force: jax.Array
    kT: jax.Array


def nvt_berendsen(force, shift_fn, dt, kT, atom_axis, tau=0.1):
    def neighbours(R):
        return jax.lax.all_gather(R, atom_axis, axis=1, tiled=True)

    def init_fn(R, momentum):
        return NVTState(R, momentum, force(R, neighbours(R)), temperature(momentum, atom_axis))

    def apply_fn(state):
        momentum = state.momentum + dt * state.force
        current = temperature(momentum, atom_axis)
        momentum = momentum * jnp.sqrt(1.0 + dt / tau * (kT / current - 1.0))
        R = shift_fn(state.position, dt * momentum)
        return NVTState(R, momentum, force(R, neighbours(R)), current)

    return init_fn, apply_fn


THERMOSTAT = {"kT": 0.8, "dt": 2e-3, "tau": 0.05, "steps": 4}


@dataclasses.dataclass(frozen=True)
class EnsembleAxes:
    replica: str = "replica"
    atoms: str = "atoms"

    @property
    def all(self):
        return (self.replica, self.atoms)


def run(R, P0, axes=EnsembleAxes()):
    displacement_fn, shift_fn = periodic(BOX)
    energy = pair_energy(displacement_fn, lennard_jones)
    init_fn, apply_fn = nvt_berendsen(force_fn(energy), shift_fn, THERMOSTAT["dt"],
                                      THERMOSTAT["kT"], axes.atoms, tau=THERMOSTAT["tau"])
    state = init_fn(R, P0)
    for _ in range(THERMOSTAT["steps"]):
        state = apply_fn(state)
    ensemble_kT = jax.lax.pmean(state.kT, axes.all)
    return state.position, ensemble_kT


def main(R, P0):
    mesh = jax.make_mesh((2, 4), ("replica", "atoms"))
    spec = P("replica", "atoms", None)
    R, P0 = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (R, P0))
    sim = jax.shard_map(run, mesh=mesh, in_specs=(spec, spec), out_specs=(spec, P()))
    positions, kT = jax.jit(sim)(R, P0)
    return positions.shape, float(kT)


if __name__ == "__main__":
    print(main(*inputs()))
