"""Experiment runner: replica-exchange proposal between neighbouring replicas."""
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


# --- experiment runner -------------------------------------------------------------------------

ENERGIES = {}
OBSERVABLES = {}


def register(table, name):
    def wrap(fn):
        table[name] = fn
        return fn

    return wrap


@register(ENERGIES, "lennard_jones")
def lj_energy(displacement_fn, sigma=1.0, epsilon=1.0):
    return pair_energy(displacement_fn, lennard_jones, sigma=sigma, epsilon=epsilon)


def run_dynamics(R, P0, config, atoms):
    displacement_fn, shift_fn = periodic(config["box"])
    energy_cfg = dict(config["energy"])
    energy = ENERGIES[energy_cfg.pop("name")](displacement_fn, **energy_cfg)
    force = force_fn(energy)
    dt = config["dt"]
    F = force(R, jax.lax.all_gather(R, atoms, axis=1, tiled=True))
    for _ in range(config["steps"]):
        P0 = P0 + 0.5 * dt * F
        R = shift_fn(R, dt * P0)
        F = force(R, jax.lax.all_gather(R, atoms, axis=1, tiled=True))
        P0 = P0 + 0.5 * dt * F
    return R, P0, F


CONFIG = {
    "box": BOX,
    "dt": 5e-3,
    "steps": 2,
    "energy": {"name": "lennard_jones"},
    "exchange": {"axis": "replica", "n_replicas": N_REPLICAS},
}


class Exchange:
    def __init__(self, axis, n_replicas):
        self.axis = axis
        self.n_replicas = n_replicas

    @property
    def perm(self):
        return [(i, (i + 1) % self.n_replicas) for i in range(self.n_replicas)]

    def ladder(self, energy):
        return jax.lax.all_gather(energy, self.axis, axis=0, tiled=True, to="reduced")

    def propose(self, energy):
        return jax.lax.ppermute(self.ladder(energy), self.axis, self.perm)


def experiment(R, P0, config):
    R, P0, F = run_dynamics(R, P0, config, "atoms")
    energy = jax.lax.psum(jnp.sum(R * F, axis=(1, 2)), "atoms")
    exchange = Exchange(**config["exchange"])
    return R, exchange.propose(energy)


def main(R, P0):
    mesh = jax.make_mesh((2, 4), ("replica", "atoms"))
    spec = P("replica", "atoms", None)
    R, P0 = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (R, P0))
    run = jax.shard_map(functools.partial(experiment, config=CONFIG), mesh=mesh,
                        in_specs=(spec, spec), out_specs=(spec, P(None, reduced={"replica"})))
    R, ladder = jax.jit(run)(R, P0)
    return R.shape, ladder.shape


if __name__ == "__main__":
    print(main(*inputs()))
