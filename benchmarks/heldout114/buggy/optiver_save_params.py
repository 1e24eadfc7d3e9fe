"""Optiver - MLP with stock embeddings; params FSDP-sharded over "stock" during training,
gathered leaf by leaf with jax.tree.map for the pickle the inference kernel loads.

Exported from `optiver-mlp-stock-emb.ipynb`.
"""
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class CFG:
    seed = 42
    n_folds = 2
    debug = False
    n_stocks = 16
    emb_dim = 8
    hidden = 16
    mesh_shape = (8,)
    axis_names = ("fsdp",)


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)
FSDP = CFG.axis_names[0]


def init_params(key):
    k1, k2 = jax.random.split(key)
    return {
        "stock_emb": jax.random.normal(k1, (CFG.n_stocks, CFG.emb_dim)) * 0.1,
        "dense": jax.random.normal(k2, (CFG.hidden, CFG.emb_dim)) * 0.1,
    }


def shard_params(params):
    return jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, P(FSDP, None))), params)


def unshard_params(params):
    return jax.tree.map(lambda a: np.asarray(top_level_all_gather(a, P(None, None))), params)


def inputs():
    return ()


def main():
    saved = {}
    with jax.set_mesh(mesh):
        for fold in range(CFG.n_folds):
            params = shard_params(init_params(jax.random.key(fold)))
            params = jax.tree.map(lambda a: a * 0.99, params)   # (training cell elided)
            saved[fold] = unshard_params(params)
            print(f"fold {fold}: " + ", ".join(f"{k}{v.shape}" for k, v in saved[fold].items()))
    return saved


if __name__ == "__main__":
    main(*inputs())
