"""ELBO with KL warm-up; the KL term lives on cells only.

    python scvi_kl_warmup.py --epoch 3 --n-epochs-kl-warmup 10
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
    p.add_argument("--epoch", type=int, default=3)
    p.add_argument("--n-epochs-kl-warmup", type=int, default=10)
    return p


def kl_normal(mu, logvar):
    return -0.5 * jnp.sum(1.0 + logvar - mu ** 2 - jnp.exp(logvar), axis=-1)


def poisson_nll(x, rate):
    return rate - x * jnp.log(rate + 1e-8)


def main(counts, params, args):
    mesh = get_mesh()
    axes = mesh.axis_names
    cell_axis, gene_axis = axes
    counts = put(counts, mesh, P(cell_axis, gene_axis))
    w_enc = put(params["w_enc"], mesh, P(gene_axis, None))
    w_dec = put(params["w_dec"], mesh, P(None, gene_axis))
    kl_weight = min(1.0, args.epoch / args.n_epochs_kl_warmup)

    def elbo(block, w_enc, w_dec):
        h = allreduce(jnp.log1p(block) @ w_enc, gene_axis)
        mu, logvar = jnp.split(h, 2, axis=-1)
        rate = jnp.exp(mu @ w_dec) * library_size(block, gene_axis) / N_GENES
        recon = allreduce(poisson_nll(block, rate).sum(), axes)
        kl = allreduce(kl_normal(mu, logvar).sum(), cell_axis)
        return (recon + kl_weight * kl) / N_CELLS

    f = jax.shard_map(elbo, mesh=mesh,
                      in_specs=(P(cell_axis, gene_axis), P(gene_axis, None), P(None, gene_axis)),
                      out_specs=P())
    loss = f(counts, w_enc, w_dec)
    print(f"epoch {args.epoch} kl_weight {kl_weight:.2f} loss {float(loss):.3f}")
    return loss


def inputs(argv=()):
    return simulate_counts(), init_params(), get_parser().parse_args(list(argv))


if __name__ == "__main__":
    main(*inputs())
