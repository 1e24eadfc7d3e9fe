"""Per-cell size factors for the scVI library prior (sharded cells x genes).

    python scvi_size_factors.py --reduce mean
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
    p.add_argument("--cell-axis", default="cells")
    p.add_argument("--gene-axis", default="genes")
    p.add_argument("--reduce", default="mean", choices=sorted(REDUCE))
    p.add_argument("--pseudocount", type=float, default=1.0)
    return p


def main(counts, args):
    mesh = get_mesh((args.cell_axis, args.gene_axis))
    counts = put(counts, mesh, P(args.cell_axis, args.gene_axis))

    def size_factors(block):
        lib = library_size(block, args.gene_axis)
        log_lib = jnp.log(lib + args.pseudocount)
        centre = allreduce(log_lib.mean(), args.cell_axis, op=args.reduce)
        per_cell = log_lib - centre
        return gather_full(per_cell, args.gene_axis, dim=1)

    f = jax.shard_map(size_factors, mesh=mesh, in_specs=P(args.cell_axis, args.gene_axis),
                      out_specs=P(args.cell_axis, None, reduced={args.gene_axis}))
    sf = f(counts)
    print("size factors", np.asarray(sf).ravel()[:4])
    return sf


def inputs(argv=()):
    args = get_parser().parse_args(list(argv))
    return simulate_counts(), args


if __name__ == "__main__":
    main(*inputs())
