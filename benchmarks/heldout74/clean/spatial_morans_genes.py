"""Moran's I per gene on a kNN spot graph, plus the global statistic over all genes.

    python spatial_morans_i.py --k 4
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
    p.add_argument("--k", type=int, default=4)
    return p.parse_args(list(argv))


def morans_i(x, adj_rows):
    mean = jax.lax.pmean(x.mean(axis=0), SPOT_AXIS)
    dev = x - mean
    dev_all = jax.lax.all_gather(dev, SPOT_AXIS, axis=0, tiled=True)
    num = jax.lax.psum(jnp.sum(dev * (adj_rows @ dev_all), axis=0), SPOT_AXIS)
    denom = jax.lax.psum(jnp.sum(dev ** 2, axis=0), SPOT_AXIS)
    w = jax.lax.psum(adj_rows.sum(), SPOT_AXIS)
    per_gene = N_SPOTS / w * num / denom
    global_i = N_SPOTS / w * jax.lax.psum(num.sum(), GENE_AXIS) / jax.lax.psum(denom.sum(), GENE_AXIS)
    return per_gene, global_i


def main(x, coords, args):
    mesh = spatial_mesh()
    adj = knn_adjacency(coords, args.k)
    x = on_mesh(x, mesh, P(*AXES))
    adj = on_mesh(adj, mesh, P(SPOT_AXIS, None))
    per_gene, global_i = jax.shard_map(morans_i, mesh=mesh, in_specs=(P(*AXES), P(SPOT_AXIS, None)),
                                       out_specs=(P(GENE_AXIS), P()))(x, adj)
    print("Moran's I", np.round(np.asarray(per_gene), 3), "global", float(global_i))
    return per_gene


def inputs():
    x, coords = visium_like()
    return x, coords, get_args()


if __name__ == "__main__":
    main(*inputs())
