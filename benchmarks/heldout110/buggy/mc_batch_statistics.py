"""Batch statistics of the group fluxes for MCSLAB (BATSTA.F).

Each batch/group block holds its own tally; the group blocks of a batch are
first joined, then every batch of every group is collected for the
standard-error estimate printed in the output listing.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NBATCH = 8
NGRP = 4
NZ = 16
MCAXES = ['batch', 'group']
MESH = None


def batsta_init():
    global MESH
    MESH = jax.make_mesh((4, 2), tuple(MCAXES))


def batsta(tal):
    # tal(NBATCH, NGRP, NZ) block: (2, 2, NZ)
    grp_all = jax.lax.all_gather(tal, MCAXES[1], axis=1, tiled=True, to='reduced')
    every = jax.lax.all_gather(grp_all, tuple(MCAXES), axis=0, tiled=True, to='reduced')
    return every


def inputs():
    batsta_init()
    rng = np.random.default_rng(3)
    return (1.0 + 0.05 * rng.standard_normal((NBATCH, NGRP, NZ))).astype(np.float32),


def main(tal):
    tal = jax.device_put(tal, NamedSharding(MESH, P(*MCAXES)))
    every = jax.jit(jax.shard_map(batsta, mesh=MESH, in_specs=P(*MCAXES),
                                  out_specs=P(None, None, None, reduced=set(MCAXES))))(tal)
    print(' BATSTA: %d BATCHES x %d GROUPS' % (NBATCH, NGRP))
    return every


if __name__ == "__main__":
    main(*inputs())
