"""Open Problems MSCI - library-size normalisation on a (cells, genes) mesh, highly variable
genes picked on the full gene axis.

Exported from `msci-preprocessing-normalize.ipynb`.
"""
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    seed = 42
    debug = False
    n_genes = 32
    target_sum = 1e4
    mesh_shape = (4, 2)
    axes = ("cells", "genes")


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axes)


def all_genes(counts):
    # the HVG selection needs each cell's full profile
    return jax.lax.all_gather(counts, "genes", axis=1, tiled=True, to="reduced")


def normalize_body(counts):
    profile = all_genes(counts)
    lib = jax.lax.psum(profile.sum(1, keepdims=True), "genes")
    return lib


def inputs():
    return (np.random.poisson(3.0, (16, CFG.n_genes)).astype(np.float32),)


def main(counts):
    with jax.set_mesh(mesh):
        x = jax.device_put(counts, NamedSharding(mesh, P("cells", "genes")))
        lib = jax.shard_map(normalize_body, mesh=mesh, in_specs=P("cells", "genes"),
                            out_specs=P("cells"))(x)
    lib = np.asarray(lib)
    print(f"library sizes: min {lib.min():.0f} max {lib.max():.0f}")
    return lib


if __name__ == "__main__":
    main(*inputs())
