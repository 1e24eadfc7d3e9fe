"""Cell niches: the expression of all genes is collected per spot, then the whole matrix for
the niche clustering.

    python spatial_niche_graph.py
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

gather_genes = functools.partial(jax.lax.all_gather, axis_name=GENE_AXIS, axis=1, tiled=True, to="reduced")
gather_all = functools.partial(jax.lax.all_gather, axis_name=AXES, axis=0, tiled=True, to="reduced")


def niche_features(x):
    profile = gather_genes(jnp.log1p(x))
    return gather_all(profile)


def main(x):
    mesh = spatial_mesh()
    x = on_mesh(x, mesh, P(*AXES))
    feats = jax.shard_map(niche_features, mesh=mesh, in_specs=P(*AXES),
                          out_specs=P(None, None, reduced=set(AXES)))(x)
    f = np.asarray(feats)
    print("niche features", f.shape)
    return feats


def inputs():
    return (visium_like(seed=6)[0],)


if __name__ == "__main__":
    main(*inputs())
