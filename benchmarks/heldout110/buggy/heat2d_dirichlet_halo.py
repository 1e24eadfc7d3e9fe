"""Dirichlet wall update for HEAT2D, column-decomposed version.

Fortran source: BNDRY.F (1997), which broadcast the wall temperature
profile to every column process and then shifted it one process down
the process row (MPI_SENDRECV) to fill the ghost column.  COMMON /BND/ is
kept as module state set up by INIT_BND.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# COMMON /BND/ TWALL, NPROW, NPCOL, CROW, CCOL
TWALL = 0.0
NPROW = 0
NPCOL = 0
CROW = ''
CCOL = ''
GRID = None


def init_bnd(twall, nprow, npcol):
    global TWALL, NPROW, NPCOL, CROW, CCOL, GRID
    TWALL = twall
    NPROW = nprow
    NPCOL = npcol
    CROW = 'prow'
    CCOL = 'pcol'
    GRID = jax.make_mesh((NPROW, NPCOL), (CROW, CCOL))


def bndry(t, iwall):
    # SUBROUTINE BNDRY(T, IWALL)  -- IWALL: 1 = west wall (first column)
    jw = iwall - 1
    wall = jnp.full_like(t[:, jw], TWALL)
    profile = jax.lax.all_gather(wall, CCOL, tiled=True, to='reduced')
    ghost = jax.lax.ppermute(profile, CCOL,
                             [(ip, (ip + 1) % NPCOL) for ip in range(NPCOL)])
    t = t.at[:, jw].set(0.5 * (t[:, jw] + ghost[:t.shape[0]]))
    return t


def advance(t, nsteps):
    for istep in range(1, nsteps + 1):
        t = bndry(t, 1)
        t = t + 0.1 * (jnp.roll(t, 1, axis=0) + jnp.roll(t, -1, axis=0) - 2.0 * t)
    return t


def inputs():
    init_bnd(350.0, 4, 2)
    t0 = np.full((32, 16), 290.0, dtype=np.float32)
    return t0, 3


def main(t0, nsteps):
    t = jax.device_put(t0, NamedSharding(GRID, P(CROW, CCOL)))
    run = jax.jit(jax.shard_map(lambda a: advance(a, nsteps), mesh=GRID,
                                in_specs=P(CROW, CCOL), out_specs=P(CROW, CCOL)))
    t = run(t)
    print(' TMIN=%8.2f  TMAX=%8.2f' % (float(t.min()), float(t.max())))
    return t


if __name__ == "__main__":
    main(*inputs())
