"""Fission source iteration for MCSLAB, source redistribution (FISSRC.F).

The fission source density per zone is assembled from all history blocks
(so every block can sample its next generation from the same shape), and
the zone sums are then scattered back to the history blocks for the
population control.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NZ = 16
NU = 2.43
HAX = 'h'
GAX = 'g'
MESH = None
NGEN = 0


def fissrc_init(ngen):
    global MESH, NGEN
    NGEN = ngen
    MESH = jax.make_mesh((4, 2), (HAX, GAX))


def fissrc(src, sigf):
    # src(NZ/4) on each history block, sigf(NZ/4, ngrp/2)
    prod = NU * jax.lax.psum(jnp.sum(sigf, axis=1), GAX) * src
    shape = jax.lax.all_gather(prod, HAX, tiled=True, to='reduced')
    snew = jax.lax.psum_scatter(shape, HAX, tiled=True)
    return snew


def iterate(src, sigf):
    it = 0
    converged = False
    while not converged:
        it = it + 1
        snew = fissrc(src, sigf)
        src = snew / jnp.maximum(jnp.sum(snew), 1e-30)
        converged = it >= NGEN
    return src


def inputs():
    fissrc_init(3)
    src = np.full(NZ, 1.0 / NZ, np.float32)
    sigf = np.full((NZ, 4), 0.05, np.float32)
    return src, sigf


def main(src, sigf):
    src = jax.device_put(src, NamedSharding(MESH, P(HAX)))
    sigf = jax.device_put(sigf, NamedSharding(MESH, P(HAX, GAX)))
    out = jax.jit(jax.shard_map(iterate, mesh=MESH, in_specs=(P(HAX), P(HAX, GAX)),
                                out_specs=P(HAX)))(src, sigf)
    print(' FISSRC: %d GENERATIONS' % NGEN)
    return out


if __name__ == "__main__":
    main(*inputs())
