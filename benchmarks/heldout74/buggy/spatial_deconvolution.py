"""Spot deconvolution against reference cell-type signatures: softmax of the (temperature
scaled) signature scores gives per-spot cell-type proportions; the largest one is the spot's
purity, plotted over the whole section.

    python spatial_deconvolution.py --temperature 2.0
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
    p.add_argument("--temperature", type=float, default=2.0)
    return p.parse_args(list(argv))


def signatures(seed=3):
    rng = np.random.default_rng(seed)
    return rng.gamma(1.0, 1.0, size=(N_TYPES, N_GENES)).astype(np.float32)


def scores(x, sig):
    z = jnp.log1p(x) @ sig.T
    return jax.lax.psum(z, GENE_AXIS)


def proportions(x, sig, temperature):
    s = gather_spots(scores(x, sig))
    props = jax.nn.softmax(s / temperature, axis=-1)
    return props.max(axis=-1)


def main(x, sig, args):
    mesh = spatial_mesh()
    x = on_mesh(x, mesh, P(*AXES))
    sig = on_mesh(sig, mesh, P(None, GENE_AXIS))
    f = jax.shard_map(functools.partial(proportions, temperature=args.temperature), mesh=mesh,
                      in_specs=(P(*AXES), P(None, GENE_AXIS)),
                      out_specs=P(None))
    purity = f(x, sig)
    print("largest cell-type proportion per spot", np.round(np.asarray(purity), 2))
    return purity


def inputs():
    x, _ = visium_like(seed=2)
    return x, signatures(), get_args()


if __name__ == "__main__":
    main(*inputs())
