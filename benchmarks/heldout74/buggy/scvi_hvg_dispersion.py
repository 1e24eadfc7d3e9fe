"""Highly variable genes: normalised dispersion per gene, top-k genes kept for the VAE.

    python scvi_hvg_dispersion.py --n-top-genes 12
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

def get_parser():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--n-top-genes", type=int, default=12)
    p.add_argument("--target-sum", type=float, default=1e4)
    return p


def normalise_total(block, gene_axis, target_sum):
    return block / library_size(block, gene_axis) * target_sum


def dispersion_stats(block, cell_axis):
    mean = allreduce(block.mean(axis=0), cell_axis, op="mean")
    sq = allreduce((block ** 2).mean(axis=0), cell_axis, op="mean")
    var = sq - mean ** 2
    return mean, var / (mean + 1e-8)


def main(counts, args):
    mesh = get_mesh()
    cell_axis, gene_axis = mesh.axis_names
    counts = put(counts, mesh, P(cell_axis, gene_axis))

    def hvg(block):
        x = jnp.log1p(normalise_total(block, gene_axis, args.target_sum))
        mean, disp = dispersion_stats(x, cell_axis)
        all_disp = gather_full(disp, gene_axis)
        mu = allreduce(all_disp.sum(), gene_axis) / N_GENES
        return (disp - mu), mean

    f = jax.shard_map(hvg, mesh=mesh, in_specs=P(cell_axis, gene_axis),
                      out_specs=(P(gene_axis), P(gene_axis)))
    z, mean = f(counts)
    top = np.argsort(-np.asarray(z))[: args.n_top_genes]
    print("top genes", top)
    return z


def inputs(argv=()):
    return simulate_counts(), get_parser().parse_args(list(argv))


if __name__ == "__main__":
    main(*inputs())
