"""Open Problems MSCI - write the denoised expression matrix for the UMAP / leiden notebook.

Exported from `msci-denoise-dump.ipynb`: an autoencoder-stub reconstruction, each cell's full
gene profile assembled first, then the matrix collected everywhere for the writer.
"""
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    seed = 42
    debug = False
    n_genes = 16
    latent = 4
    mesh_shape = (4, 2)
    axes = ("cells", "genes")
    writer_axes = ("cells", "genes")


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axes)


class Writer:
    def __init__(self, axes):
        self.axes = axes

    def assemble(self, block):
        return jax.lax.all_gather(block, "genes", axis=1, tiled=True, to="reduced")

    def __call__(self, recon):
        profile = self.assemble(recon)
        return jax.lax.all_gather(profile, self.axes, axis=0, tiled=True, to="reduced")


def body(x, enc, dec):
    z = jnp.tanh(jax.lax.psum(x @ enc, "genes"))
    recon = jax.nn.softplus(z @ dec)
    return Writer(CFG.writer_axes)(recon)


def inputs():
    return (np.random.poisson(2.0, (16, CFG.n_genes)).astype(np.float32),)


def main(x):
    r = np.random.RandomState(0)
    enc = r.randn(CFG.n_genes, CFG.latent).astype(np.float32) * 0.1
    dec = r.randn(CFG.latent, CFG.n_genes).astype(np.float32) * 0.1
    with jax.set_mesh(mesh):
        out = jax.shard_map(body, mesh=mesh,
                            in_specs=(P("cells", "genes"), P("genes", None), P(None, "genes")),
                            out_specs=P(reduced=set(CFG.axes)))(
            jax.device_put(x, NamedSharding(mesh, P("cells", "genes"))),
            jax.device_put(enc, NamedSharding(mesh, P("genes", None))),
            jax.device_put(dec, NamedSharding(mesh, P(None, "genes"))))
    out = np.asarray(out)
    print(f"denoised matrix {out.shape}")
    return out


if __name__ == "__main__":
    main(*inputs())
