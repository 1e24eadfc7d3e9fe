"""Open Problems - Multimodal Single-Cell Integration: truncated-SVD projection of the
gene counts (genes split over "genes"), ridge on the components, OOF per donor fold.

Exported from `msci-svd-ridge-jax.ipynb`.
"""
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    seed = 42
    n_folds = 2
    debug = False
    n_genes = 32
    n_comp = 4
    mesh_shape = (4, 2)
    axes = ["cells", "genes"]


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, tuple(CFG.axes))

donors = np.array([13176, 31800, 32606, 27678] * 8)


def project(counts, comps):
    return jax.lax.psum(jnp.log1p(counts) @ comps, "genes")


def inference_fn(counts, comps):
    z = project(counts, comps)
    return jax.lax.all_gather(z, CFG.axes[-1], axis=0, tiled=True, to="reduced")


def inputs():
    counts = np.random.poisson(2.0, (len(donors), CFG.n_genes)).astype(np.float32)
    return counts, donors


def main(counts, donors):
    comps = np.linalg.svd(np.log1p(counts), full_matrices=False)[2][: CFG.n_comp].T.astype(np.float32)
    oof = {}
    with jax.set_mesh(mesh):
        c = jax.device_put(comps, NamedSharding(mesh, P("genes", None)))
        for fold, donor in enumerate(sorted(set(donors.tolist()))[: CFG.n_folds]):
            va = donors == donor
            x = jax.device_put(counts[va], NamedSharding(mesh, P("cells", "genes")))
            z = jax.shard_map(inference_fn, mesh=mesh, in_specs=(P("cells", "genes"), P("genes", None)),
                              out_specs=P("cells", reduced={CFG.axes[-1]}))(x, c)
            oof[donor] = np.asarray(z)
            print(f"fold {fold} donor {donor}: {oof[donor].shape}")
    return oof


if __name__ == "__main__":
    main(*inputs())
