"""Verlet neighbour list of a 1D Lennard-Jones fluid decomposed into slabs and lanes."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_CELLS = 8
ATOMS_PER_CELL = 8
BOX = 32.0
R_CUT = 2.5
SKIN = 0.3


def options():
    return argparse.Namespace(slab_axis="slab", lane_axis="lane", r_cut=R_CUT, skin=SKIN)


class CellList:
    def __init__(self, opts):
        self.opts = opts

    def ghosts(self, x):
        return jax.lax.all_gather(x, self.opts.slab_axis, axis=0, tiled=True, to="reduced")

    def candidates(self, x):
        ghost = self.ghosts(x)
        axes = (self.opts.slab_axis, self.opts.lane_axis)
        return jax.lax.all_gather(ghost, axes, axis=1, tiled=True, to="reduced")

    def build(self, x):
        everyone = self.candidates(x)
        return everyone.reshape(-1)


def inputs():
    rng = np.random.default_rng(97)
    x = np.sort(rng.uniform(0, BOX, size=N_CELLS * ATOMS_PER_CELL)).astype(np.float32)
    return (x.reshape(N_CELLS, ATOMS_PER_CELL),)


def main(x):
    opts = options()
    mesh = jax.make_mesh((2, 4), (opts.slab_axis, opts.lane_axis))
    spec = P(opts.slab_axis, opts.lane_axis)
    x = jax.device_put(x, NamedSharding(mesh, spec))
    cells = CellList(opts)
    fn = jax.shard_map(cells.build, mesh=mesh, in_specs=spec,
                       out_specs=P(None, reduced={opts.slab_axis, opts.lane_axis}))
    return fn(x)


if __name__ == "__main__":
    main(*inputs())
