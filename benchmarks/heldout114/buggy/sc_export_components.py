"""Open Problems MSCI - export the SVD components for the submission notebook, which loads
them column-sharded over its own 2 devices.

Exported from `msci-svd-export.ipynb`.
"""
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class CFG:
    seed = 42
    debug = False
    n_genes = 32
    n_comp = 8
    mesh_shape = (4, 2)
    axes = ("cells", "genes")


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axes)

COMP_SPEC = P("genes", None)            # [genes, comps], genes split
SUBMISSION_SPEC = P(None, "genes")


def fit_components(counts):
    v = np.linalg.svd(np.log1p(counts), full_matrices=False)[2][: CFG.n_comp].T
    return jax.device_put(v.astype(np.float32), NamedSharding(mesh, COMP_SPEC))


def inputs():
    return (np.random.poisson(2.0, (64, CFG.n_genes)).astype(np.float32),)


def main(counts):
    with jax.set_mesh(mesh):
        comps = fit_components(counts)
        exported = top_level_all_gather(comps, SUBMISSION_SPEC)
        arr = np.asarray(exported)
    print(f"components {arr.shape}")
    return arr


if __name__ == "__main__":
    main(*inputs())
