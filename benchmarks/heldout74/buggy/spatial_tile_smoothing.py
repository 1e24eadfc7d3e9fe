"""Graph smoothing of expression across tiles: every tile sees the whole expression matrix,
smooths it, and hands back its own rows.

    python spatial_tile_smoothing.py --alpha 0.5
"""
import argparse
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GRID = 4                 # spots on a GRID x (N_SPOTS // GRID) array
N_SPOTS = 16
N_GENES = 8
N_TYPES = 4
SPOT_AXIS = "spots"
GENE_AXIS = "genes"
AXES = (SPOT_AXIS, GENE_AXIS)


# ===================== utils (copied from spatial_utils.py) =====================
def visium_like(seed=0):
    rng = np.random.default_rng(seed)
    yy, xx = np.divmod(np.arange(N_SPOTS), GRID)
    pattern = np.sin(xx / 2.0)[:, None] + np.cos(yy / 2.0)[:, None] * np.linspace(0, 1, N_GENES)[None]
    return rng.poisson(np.exp(pattern + 1.0)).astype(np.float32), np.stack([xx, yy], 1).astype(np.float32)


def knn_adjacency(coords, k=4):
    d = ((coords[:, None] - coords[None]) ** 2).sum(-1)
    idx = np.argsort(d, axis=1)[:, 1 : k + 1]
    adj = np.zeros((len(coords), len(coords)), np.float32)
    np.put_along_axis(adj, idx, 1.0, axis=1)
    return adj


def spatial_mesh():
    return jax.make_mesh((4, 2), AXES)


def on_mesh(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


gather_spots = functools.partial(jax.lax.all_gather, axis_name=SPOT_AXIS, axis=0, tiled=True, to="reduced")
# ===============================================================================


def get_args(argv=()):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--alpha", type=float, default=0.5)
    p.add_argument("--k", type=int, default=4)
    return p.parse_args(list(argv))


def to_tiles(full, n_tiles):
    return jax.lax.psum_scatter(full, SPOT_AXIS, scatter_dimension=0, tiled=True) / n_tiles


def smooth(x, adj_rows, *, alpha, n_tiles):
    x_all = gather_spots(x)
    own = to_tiles(x_all, n_tiles)
    deg = jnp.maximum(adj_rows.sum(axis=1, keepdims=True), 1.0)
    return (1 - alpha) * own + alpha * (adj_rows @ x_all) / deg


def main(x, coords, args):
    mesh = spatial_mesh()
    x = on_mesh(x, mesh, P(*AXES))
    adj = on_mesh(knn_adjacency(coords, args.k), mesh, P(SPOT_AXIS, None))
    body = functools.partial(smooth, alpha=args.alpha, n_tiles=mesh.shape[SPOT_AXIS])
    out = jax.shard_map(body, mesh=mesh, in_specs=(P(*AXES), P(SPOT_AXIS, None)), out_specs=P(*AXES))(x, adj)
    print("smoothed", np.asarray(out)[:2])
    return out


def inputs():
    x, coords = visium_like(seed=1)
    return x, coords, get_args()


if __name__ == "__main__":
    main(*inputs())
