"""Virial pressure of a 1D Lennard-Jones fluid; pair virials summed over slabs, then everywhere."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_CELLS = 8
ATOMS_PER_CELL = 8
BOX = 40.0
EPS_LJ = 1.0
SIGMA = 1.0


def parse(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--mesh", default="slab,lane")
    ap.add_argument("--reduce-axes", default="slab,lane")
    ap.add_argument("--temperature", type=float, default=1.2)
    return ap.parse_args(argv)


def lj_force(r):
    inv6 = (SIGMA / r) ** 6
    return 24.0 * EPS_LJ * (2.0 * inv6 * inv6 - inv6) / r


def pair_virial(x, slab_axis):
    r = jnp.abs(jnp.roll(x, -1, axis=1) - x) + 0.8
    w = jnp.sum(r * lj_force(r))
    return jax.lax.psum(w, slab_axis)


def make_pressure(args):
    axes = tuple(args.reduce_axes.split(","))

    def pressure(x):
        w = pair_virial(x, axes[0])
        total = jax.lax.psum(w, axes)
        n = N_CELLS * ATOMS_PER_CELL
        return (n * args.temperature + total) / BOX

    return pressure


def inputs():
    rng = np.random.default_rng(107)
    x = np.sort(rng.uniform(0, BOX, size=N_CELLS * ATOMS_PER_CELL)).astype(np.float32)
    return (x.reshape(N_CELLS, ATOMS_PER_CELL),)


def main(x):
    args = parse([])
    mesh = jax.make_mesh((2, 4), tuple(args.mesh.split(",")))
    spec = P(*args.mesh.split(","))
    x = jax.device_put(x, NamedSharding(mesh, spec))
    return jax.shard_map(make_pressure(args), mesh=mesh, in_specs=spec, out_specs=P())(x)


if __name__ == "__main__":
    main(*inputs())
