"""Spatial domains: embed every spot, then write the embeddings in spot-tile row blocks for the
domain-annotation tool.

    python spatial_domain_tiles.py --layout by_spot_tile
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
from jax._src.shard_map import top_level_all_gather

LAYOUTS = {
    "replicated": P(None, None, reduced={SPOT_AXIS, GENE_AXIS}),
    "by_spot_tile": P(SPOT_AXIS, None, reduced={GENE_AXIS}),
    "by_gene_tile": P(GENE_AXIS, None, reduced={SPOT_AXIS}),
}


def get_args(argv=()):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--layout", default="by_spot_tile", choices=sorted(LAYOUTS))
    return p.parse_args(list(argv))


def embed(x, w):
    return jnp.tanh(jnp.log1p(x) @ w)


def main(x, w, args):
    mesh = spatial_mesh()
    with jax.set_mesh(mesh):
        x = on_mesh(x, mesh, P(AXES, None))
        w = on_mesh(w, mesh, P())
        emb = jax.jit(embed, out_shardings=NamedSharding(mesh, P(AXES, None)))(x, w)
        out = top_level_all_gather(emb, LAYOUTS[args.layout])
    print("domain embeddings", out.shape)
    return out


def inputs():
    x, _ = visium_like(seed=4)
    w = np.random.default_rng(4).normal(size=(N_GENES, 3)).astype(np.float32)
    return x, w, get_args()


if __name__ == "__main__":
    main(*inputs())
