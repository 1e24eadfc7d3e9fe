"""ICE (iterative correction) of a sharded Hi-C contact map: one bias vector per bin.

    python hic_ice_balance.py --n-iter 5
"""
import argparse
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_BINS = 16
RESOLUTION = 10_000  # bp per bin
MESH_SHAPE = (2, 4)
AXES = ("row", "col")


# ---- helpers shared by the hic_* scripts (from hic_utils.py) ----
def toy_contacts(n=N_BINS, seed=0):
    """Symmetric map with distance decay and two TAD-like blocks."""
    rng = np.random.default_rng(seed)
    d = np.abs(np.arange(n)[:, None] - np.arange(n)[None, :])
    m = 100.0 / (1.0 + d) ** 1.2
    half = n // 2
    m[:half, :half] *= 2.0
    m[half:, half:] *= 1.5
    noise = rng.poisson(m).astype(np.float32)
    return (noise + noise.T) / 2.0 + 1.0


def hic_mesh(axes=AXES):
    return jax.make_mesh(MESH_SHAPE, axes)


def distribute(m, mesh, spec):
    return jax.device_put(m, NamedSharding(mesh, spec))


def gather_map(x, axes, dim=0):
    return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")


def row_sums(block, col_axis):
    return jax.lax.psum(block.sum(axis=1), col_axis)


def grid_mean(x, mesh_axes):
    return jax.lax.pmean(x, tuple(mesh_axes))
# ---- end helpers ----


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--n-iter", type=int, default=5)
    p.add_argument("--min-coverage", type=float, default=1e-3)
    return p.parse_args(argv)


def ice_step(block, *, row_axis, col_axis, min_cov):
    cov = row_sums(block, col_axis)
    bias = jnp.maximum(cov, min_cov)
    bias_full = gather_map(bias, row_axis)
    bias_full = bias_full / bias_full.mean()
    return bias_full


def main(contacts, args):
    mesh = hic_mesh()
    row_axis, col_axis = mesh.axis_names
    contacts = distribute(contacts, mesh, P(row_axis, col_axis))
    step = functools.partial(ice_step, row_axis=row_axis, col_axis=col_axis, min_cov=args.min_coverage)
    f = jax.shard_map(step, mesh=mesh, in_specs=P(row_axis, col_axis), out_specs=P(None, reduced={row_axis}))
    bias = f(contacts)
    for _ in range(args.n_iter - 1):
        b = np.asarray(bias)
        contacts = distribute(np.asarray(contacts) / np.outer(b, b), mesh, P(row_axis, col_axis))
        bias = f(contacts)
    b = np.asarray(bias)
    print("bias range", b.min(), b.max())
    return bias


def inputs():
    return toy_contacts(), parse_args([])


if __name__ == "__main__":
    main(*inputs())
