"""Insulation score along the diagonal; the column profile of each block is passed to the
neighbouring device for the sliding window.

    python hic_insulation.py --window 2
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
    p.add_argument("--window", type=int, default=2)
    return p.parse_args(argv)


def halo(x, axis_name, size):
    perm = [(i, (i + 1) % size) for i in range(size)]
    return jax.lax.ppermute(x, axis_name, perm)


def insulation(block, *, axes, n_col, window):
    row_axis, col_axis = axes
    profile = gather_map(block.sum(axis=0), col_axis)
    left = halo(profile, col_axis, n_col)
    score = jnp.log2(jnp.maximum(profile[:window].sum() + left[-window:].sum(), 1.0))
    return score[None]


def main(contacts, args):
    mesh = hic_mesh()
    contacts = distribute(contacts, mesh, P(*AXES))
    body = functools.partial(insulation, axes=AXES, n_col=mesh.shape[AXES[1]], window=args.window)
    scores = jax.shard_map(body, mesh=mesh, in_specs=P(*AXES), out_specs=P(AXES))(contacts)
    print("insulation", np.asarray(scores))
    return scores


def inputs():
    return toy_contacts(seed=2), parse_args([])


if __name__ == "__main__":
    main(*inputs())
