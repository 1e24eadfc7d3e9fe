"""Open Problems MSCI - scanpy-like normalize_total + log1p on device, on each cell's full
profile.

Exported from `msci-log-normalize.ipynb`.
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
    target_sum = 1e4
    mesh_shape = (4, 2)
    axes = ("cells", "genes")


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axes)


def normalize_total(profile):
    lib = profile.sum(1, keepdims=True)
    return profile / lib * CFG.target_sum


def body(counts):
    profile = jax.lax.all_gather(counts, "genes", axis=1, tiled=True, to="reduced")
    return jnp.log1p(normalize_total(profile))


def inputs():
    return (np.random.poisson(3.0, (16, CFG.n_genes)).astype(np.float32) + 1,)


def main(counts):
    with jax.set_mesh(mesh):
        x = jax.device_put(counts, NamedSharding(mesh, P("cells", "genes")))
        out = jax.shard_map(body, mesh=mesh, in_specs=P("cells", "genes"),
                            out_specs=P("cells", reduced={"genes"}))(x)
    out = np.asarray(out)
    print(f"log-normalized {out.shape}, mean {out.mean():.3f}")
    return out


if __name__ == "__main__":
    main(*inputs())
