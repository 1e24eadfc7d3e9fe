"""Checkerboard Metropolis for the 2-D Ising model, lattice rows split over devices with
halo rows exchanged by ppermute; a lattice snapshot and the magnetisation are recorded."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROW = "row"
N_DEV = 4
BETA = 0.44


def neighbours(spins):
    up = jax.lax.ppermute(spins[-1:], ROW, [(i, (i + 1) % N_DEV) for i in range(N_DEV)])
    down = jax.lax.ppermute(spins[:1], ROW, [(i, (i - 1) % N_DEV) for i in range(N_DEV)])
    padded = jnp.concatenate([up, spins, down])
    return (padded[:-2] + padded[2:] + jnp.roll(spins, 1, 1) + jnp.roll(spins, -1, 1))


def sweep(spins, u):
    for parity in (0, 1):
        ii, jj = jnp.meshgrid(jnp.arange(spins.shape[0]), jnp.arange(spins.shape[1]), indexing="ij")
        mask = ((ii + jj) % 2) == parity
        d_e = 2.0 * spins * neighbours(spins)
        flip = mask & (u[parity] < jnp.exp(-BETA * d_e))
        spins = jnp.where(flip, -spins, spins)
    lattice = jax.lax.all_gather(spins, ROW, axis=0, tiled=True, to="reduced")
    magnetisation = jax.lax.psum(jnp.sum(lattice), ROW) / lattice.size
    return spins, magnetisation


def inputs():
    rng = np.random.default_rng(19)
    spins = rng.choice([-1.0, 1.0], size=(16, 8)).astype(np.float32)
    u = rng.uniform(size=(2, 16, 8)).astype(np.float32)
    return spins, u


def main(spins, u):
    mesh = jax.make_mesh((N_DEV, 2), (ROW, "chain"))
    spins = jax.device_put(spins, NamedSharding(mesh, P(ROW, None)))
    u = jax.device_put(u, NamedSharding(mesh, P(None, ROW, None)))
    fn = jax.shard_map(sweep, mesh=mesh, in_specs=(P(ROW, None), P(None, ROW, None)),
                       out_specs=(P(ROW, None), P()))
    return fn(spins, u)
