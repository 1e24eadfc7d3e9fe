"""Magnetisation time series of the 2D Ising model (checkerboard Metropolis, 2x4 device grid)."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

L = 16
BETA_C = 0.4406868
N_SWEEPS = 4


def parse_args(argv):
    parser = argparse.ArgumentParser(description="Ising magnetisation series")
    parser.add_argument("--beta", type=float, default=BETA_C)
    parser.add_argument("--sweeps", type=int, default=N_SWEEPS)
    parser.add_argument("--row-axis", default="row")
    parser.add_argument("--col-axis", default="col")
    return parser.parse_args(argv)


def checkerboard(shape, parity):
    i, j = np.indices(shape)
    return jnp.asarray((i + j) % 2 == parity)


def local_field(s):
    return jnp.roll(s, 1, 0) + jnp.roll(s, -1, 0) + jnp.roll(s, 1, 1) + jnp.roll(s, -1, 1)


def metropolis_half_sweep(s, u, beta, parity):
    d_e = 2.0 * s * local_field(s)
    flip = (u < jnp.exp(-beta * d_e)) & checkerboard(s.shape, parity)
    return jnp.where(flip, -s, s)


def column_magnetisation(s, axis):
    return jax.lax.psum(s.sum(axis=0), axis)


def make_body(opts):
    def body(spins, uniforms):
        def sweep(k, s):
            s = metropolis_half_sweep(s, uniforms[k, 0], opts.beta, 0)
            return metropolis_half_sweep(s, uniforms[k, 1], opts.beta, 1)

        spins = jax.lax.fori_loop(0, opts.sweeps, sweep, spins)
        m_col = column_magnetisation(spins, opts.row_axis)
        series = jax.lax.all_gather(m_col, opts.row_axis, tiled=True, to="reduced")
        return spins, series

    return body


def inputs():
    rng = np.random.default_rng(11)
    spins = rng.choice(np.array([-1.0, 1.0], np.float32), size=(L, L))
    uniforms = rng.random((N_SWEEPS, 2, L, L), dtype=np.float32)
    return spins, uniforms


def main(spins, uniforms):
    opts = parse_args([])
    mesh = jax.make_mesh((2, 4), (opts.row_axis, opts.col_axis))
    lattice = P(opts.row_axis, opts.col_axis)
    spins = jax.device_put(spins, NamedSharding(mesh, lattice))
    uniforms = jax.device_put(uniforms, NamedSharding(mesh, P(None, None, *lattice)))
    run = jax.shard_map(
        make_body(opts),
        mesh=mesh,
        in_specs=(lattice, P(None, None, *lattice)),
        out_specs=(lattice, P(opts.col_axis, reduced={opts.row_axis})),
    )
    spins, series = run(spins, uniforms)
    return series


if __name__ == "__main__":
    main(*inputs())
