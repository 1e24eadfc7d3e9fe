"""TAD boundary calling: the whole balanced map is assembled on every device for the DP caller.

    python hic_tad_caller.py
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
    p.add_argument("--min-size", type=int, default=3)
    return p.parse_args(argv)


STAGES = [
    ("cols", lambda axes: axes[1], 1),
    ("full", lambda axes: axes, 0),
]


def assemble(block, axes):
    out = block
    for _, pick, dim in STAGES:
        out = gather_map(out, pick(axes), dim=dim)
    return out


def main(contacts, args):
    mesh = hic_mesh()
    axes = tuple(mesh.axis_names)
    contacts = distribute(contacts, mesh, P(*axes))
    full = jax.shard_map(functools.partial(assemble, axes=axes), mesh=mesh, in_specs=P(*axes),
                         out_specs=P(None, None, reduced=set(axes)))(contacts)
    m = np.asarray(full)
    di = m[:, : args.min_size].sum(1) - m[:, -args.min_size:].sum(1)
    print("boundaries", np.where(np.diff(np.sign(di)) != 0)[0][:5])
    return full


def inputs():
    return toy_contacts(seed=4), parse_args([])


if __name__ == "__main__":
    main(*inputs())
