"""Encode all cells and hand the latent means to UMAP.

    python scvi_latent_export.py --out latent.npy
"""
import argparse
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_CELLS = 16
N_GENES = 32
N_LATENT = 8
N_HIDDEN = 16
SEED = 0


# ---------------------------------------------------------------------------
# utils (copied from the lab's utils.py -- keep in sync)
# ---------------------------------------------------------------------------
def get_mesh(axes=("cells", "genes"), shape=(2, 4)):
    return jax.make_mesh(shape, axes)


def put(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def simulate_counts(n_cells=N_CELLS, n_genes=N_GENES, seed=SEED):
    rng = np.random.default_rng(seed)
    mu = rng.gamma(2.0, 1.0, size=(1, n_genes))
    lib = rng.uniform(0.5, 2.0, size=(n_cells, 1))
    return rng.poisson(mu * lib).astype(np.float32)


def init_params(n_genes=N_GENES, n_latent=N_LATENT, seed=SEED):
    rng = np.random.default_rng(seed + 1)
    return {
        "w_enc": (rng.normal(size=(n_genes, 2 * n_latent)) / np.sqrt(n_genes)).astype(np.float32),
        "w_dec": (rng.normal(size=(n_latent, n_genes)) / np.sqrt(n_latent)).astype(np.float32),
        "log_theta": np.zeros((n_genes,), np.float32),
    }


def gather_full(x, axis_name, dim=0):
    # reduced: whole array on every device, cheap backward
    return jax.lax.all_gather(x, axis_name, axis=dim, tiled=True, to="reduced")


REDUCE = {"sum": jax.lax.psum, "mean": jax.lax.pmean, "max": jax.lax.pmax}


def allreduce(x, axis_name, op="sum"):
    return REDUCE[op](x, axis_name)


def library_size(counts, gene_axis):
    return jax.lax.psum(counts.sum(axis=1, keepdims=True), gene_axis)
# ---------------------------------------------------------------------------
from jax._src.shard_map import top_level_all_gather


def get_parser():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--out", default=None)
    p.add_argument("--n-latent", type=int, default=N_LATENT)
    return p


def build_encoder(mesh):
    cell_axis, gene_axis = mesh.axis_names

    def enc(block, w_enc):
        h = jax.lax.psum(jnp.log1p(block) @ w_enc, gene_axis)
        return jnp.split(h, 2, axis=-1)[0]

    return jax.jit(jax.shard_map(enc, mesh=mesh, in_specs=(P(cell_axis, gene_axis), P(gene_axis, None)),
                                 out_specs=P(cell_axis, None)))


def to_host(z):
    full = top_level_all_gather(z, P(None, None, reduced={"cells"}))
    return np.asarray(full)


def main(counts, params, args):
    mesh = get_mesh()
    cell_axis, gene_axis = mesh.axis_names
    with jax.set_mesh(mesh):
        counts = put(counts, mesh, P(cell_axis, gene_axis))
        w_enc = put(params["w_enc"], mesh, P(gene_axis, None))
        z = build_encoder(mesh)(counts, w_enc)
        latent = to_host(z)
    if args.out:
        np.save(args.out, latent)
    print("latent", latent.shape)
    return latent


def inputs(argv=()):
    args = get_parser().parse_args(list(argv))
    return simulate_counts(), init_params(n_latent=args.n_latent), args


if __name__ == "__main__":
    main(*inputs())
