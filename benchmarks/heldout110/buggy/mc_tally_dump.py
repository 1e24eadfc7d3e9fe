"""Dump the zone/group tally of MCSLAB to the restart file (DMPTAL.F).

The 3-D processor grid of the production runs (cores x sockets x nodes)
is kept; the zone index of the tally is split over two of its axes.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

# COMMON /PGRID/
NODE = 'node'
SOCK = 'sock'
CORE = 'core'
PGRID = None
RESTART = []


def pgrid_init():
    global PGRID
    PGRID = jax.make_mesh((2, 2, 2), (NODE, SOCK, CORE))


def dmptal(tal, nstep):
    # tally(NZ, NGRP): zones over (NODE, SOCK), groups over CORE
    zones = top_level_all_gather(tal, P(SOCK, CORE, reduced={NODE}))
    RESTART.append(('TALLY', nstep, zones.shape))
    return zones


def inputs():
    pgrid_init()
    return np.ones((16, 4), np.float32), 500


def main(tal, nstep):
    with jax.set_mesh(PGRID):
        t = jax.device_put(tal, NamedSharding(PGRID, P((NODE, SOCK), CORE)))
        z = dmptal(t, nstep)
    print(' DMPTAL:', RESTART[-1])
    return z


if __name__ == "__main__":
    main(*inputs())
