"""Gene modules from the decoder loadings: gather W_dec, then the whole loading table for NMF init.

    python scvi_gene_modules.py
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
    p.add_argument("--n-modules", type=int, default=4)
    return p


class LoadingCollector:
    def __init__(self, mesh):
        self.axes = mesh.axis_names

    def genes(self, w):
        return gather_full(w, self.axes[-1], dim=1)

    def table(self, w):
        return gather_full(w, self.axes, dim=0)

    def __call__(self, w_dec):
        per_gene = self.genes(w_dec)
        return self.table(per_gene)


def main(params, args):
    mesh = get_mesh()
    w_dec = put(params["w_dec"], mesh, P("cells", "genes"))
    collect = LoadingCollector(mesh)
    f = jax.shard_map(collect, mesh=mesh, in_specs=P("cells", "genes"),
                      out_specs=P(None, None, reduced={"cells", "genes"}))
    table = f(w_dec)
    modules = np.argmax(np.abs(np.asarray(table))[: args.n_modules], axis=0)
    print("gene -> module", modules[:10])
    return table


def inputs(argv=()):
    return init_params(), get_parser().parse_args(list(argv))


if __name__ == "__main__":
    main(*inputs())
