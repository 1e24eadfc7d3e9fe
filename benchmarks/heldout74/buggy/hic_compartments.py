"""A/B compartments: leading eigenvector of the correlation map by power iteration.

    python hic_compartments.py --n-iter 10
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
    p.add_argument("--n-iter", type=int, default=10)
    return p.parse_args(argv)


def power_step(block, v, row_axis, col_axis):
    # block: rows x cols of the map, v: the entries of the vector matching this device's columns
    w = jax.lax.psum(block @ v, col_axis)
    norm = jnp.sqrt(jax.lax.psum(jnp.sum(w * w), row_axis))
    return w / norm


def eigenvector(block, v, row_axis, col_axis):
    w = power_step(block, v, row_axis, col_axis)
    return gather_map(w, col_axis)


def main(contacts, args):
    mesh = hic_mesh()
    row_axis, col_axis = mesh.axis_names
    corr = np.corrcoef(np.log(contacts)).astype(np.float32)
    corr = distribute(corr, mesh, P(row_axis, col_axis))
    v = distribute(np.ones((N_BINS,), np.float32), mesh, P(col_axis))
    specs = (P(row_axis, col_axis), P(col_axis))
    step = jax.shard_map(functools.partial(power_step, row_axis=row_axis, col_axis=col_axis), mesh=mesh,
                         in_specs=specs, out_specs=P(row_axis))
    for _ in range(args.n_iter):
        v = distribute(np.asarray(step(corr, v)), mesh, P(col_axis))
    final = jax.shard_map(functools.partial(eigenvector, row_axis=row_axis, col_axis=col_axis), mesh=mesh,
                          in_specs=specs, out_specs=P(row_axis, reduced={col_axis}))
    ev = np.asarray(final(corr, v))
    print("compartment A bins", np.where(ev > 0)[0])
    return ev


def inputs():
    return toy_contacts(seed=3), parse_args([])


if __name__ == "__main__":
    main(*inputs())
