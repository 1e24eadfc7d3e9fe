"""Coverage QC for a Hi-C map: mean coverage per bin and the fraction of low-coverage bins.

    python hic_coverage_qc.py --low 0.2
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
    p.add_argument("--low", type=float, default=0.2)
    return p.parse_args(argv)


class CoverageQC:
    def __init__(self, mesh, low):
        self.mesh_axes = mesh.axis_names
        self.col_axis = mesh.axis_names[1]
        self.low = low

    def coverage(self, block):
        return row_sums(block, self.col_axis)

    def __call__(self, block):
        cov = self.coverage(block)
        mean_cov = jax.lax.pmean(cov.mean(), self.mesh_axes[0])
        low = (cov < self.low * mean_cov).astype(jnp.float32)
        return mean_cov, jax.lax.psum(low.sum(), self.mesh_axes[0])


def main(contacts, args):
    mesh = hic_mesh()
    contacts = distribute(contacts, mesh, P(*AXES))
    qc = CoverageQC(mesh, args.low)
    mean_cov, n_low = jax.shard_map(qc, mesh=mesh, in_specs=P(*AXES), out_specs=(P(), P()))(contacts)
    print(f"mean coverage {float(mean_cov):.1f}, low bins {int(n_low)}")
    return mean_cov


def inputs():
    return toy_contacts(seed=1), parse_args([])


if __name__ == "__main__":
    main(*inputs())
