"""Export the balanced map to a dense .npy per chromosome arm (row blocks kept for the writer).

    python hic_map_export.py --out-dir /tmp/maps
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
from jax._src.shard_map import top_level_all_gather


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--out-dir", default=None)
    return p.parse_args(argv)


WRITERS = {
    "dense": functools.partial(top_level_all_gather, out_sharding=P(None, None, reduced={"row", "col"}), multi_dim=True),
    "rows": functools.partial(top_level_all_gather, out_sharding=P("row", None)),
}


def balance(m, mesh):
    def body(block):
        cov = row_sums(block, "col")
        return block / jnp.sqrt(cov)[:, None]
    return jax.shard_map(body, mesh=mesh, in_specs=P("row", "col"), out_specs=P("row", "col"))(m)


def main(contacts, args, fmt="rows"):
    mesh = hic_mesh()
    with jax.set_mesh(mesh):
        contacts = distribute(contacts, mesh, P("row", "col"))
        balanced = balance(contacts, mesh)
        out = np.asarray(WRITERS[fmt](balanced))
    if args.out_dir:
        np.save(f"{args.out_dir}/balanced_{fmt}.npy", out)
    print("exported", out.shape)
    return out


def inputs():
    return toy_contacts(seed=5), parse_args([])


if __name__ == "__main__":
    main(*inputs())
