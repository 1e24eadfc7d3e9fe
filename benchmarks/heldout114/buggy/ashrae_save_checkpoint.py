"""ASHRAE - building embedding MLP, tensor-parallel over the embedding columns; per-fold checkpoints.

Exported from `ashrae-building-embeddings-tp.ipynb`.
"""
import os
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class CFG:
    seed = 1337
    n_folds = 2
    n_buildings = 64
    emb_dim = 16
    debug = False
    model_name = "bld_emb_mlp"
    mesh_shape = (2, 4)
    axis_names = ("batch", "emb")
    save_dir = "./ckpt"


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)
    os.environ["PYTHONHASHSEED"] = str(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)
BATCH, EMB = CFG.axis_names

# parameter layouts, filled in cell by cell
PARAM_SPECS = {}
PARAM_SPECS["emb"] = P(None, EMB)
PARAM_SPECS["head"] = P(EMB)

# what the checkpoint wants (host-side numpy arrays, everything replicated)
SAVE_SPECS = {}
SAVE_SPECS["emb"] = P(None, None, reduced={EMB})
SAVE_SPECS["head"] = P(None)

building_id = np.random.randint(0, CFG.n_buildings, size=128)
target = np.random.rand(128).astype(np.float32)


def init_params(key):
    k1, k2 = jax.random.split(key)
    p = {"emb": jax.random.normal(k1, (CFG.n_buildings, CFG.emb_dim)) * 0.05,
         "head": jax.random.normal(k2, (CFG.emb_dim,)) * 0.05}
    return {k: jax.device_put(v, NamedSharding(mesh, PARAM_SPECS[k])) for k, v in p.items()}


def forward(emb, head, ids):
    e = emb[ids]
    return jax.lax.psum(e @ head, EMB)


@jax.jit
def train_step(params, ids, y):
    def loss_fn(p):
        pred = jax.shard_map(forward, mesh=mesh,
                             in_specs=(PARAM_SPECS["emb"], PARAM_SPECS["head"], P(BATCH)),
                             out_specs=P(BATCH))(p["emb"], p["head"], ids)
        return jnp.mean((pred - y) ** 2)
    loss, g = jax.value_and_grad(loss_fn)(params)
    return jax.tree.map(lambda a, b: a - 0.1 * b, params, g), loss


def save_checkpoint(params, fold):
    host = {}
    for name, spec in SAVE_SPECS.items():
        host[name] = np.asarray(top_level_all_gather(params[name], spec))
    print(f"saved {CFG.save_dir}/{CFG.model_name}_fold{fold}.npz "
          f"{ {k: v.shape for k, v in host.items()} }")
    return host


def inputs():
    return building_id, target


def main(building_id, target):
    ckpts = []
    with jax.set_mesh(mesh):
        for fold in range(CFG.n_folds):
            params = init_params(jax.random.key(fold))
            ids = jax.device_put(building_id, NamedSharding(mesh, P(BATCH)))
            y = jax.device_put(target, NamedSharding(mesh, P(BATCH)))
            for step in range(3):
                params, loss = train_step(params, ids, y)
            print(f"fold {fold} loss {float(loss):.5f}")
            ckpts.append(save_checkpoint(params, fold))
    return ckpts


if __name__ == "__main__":
    main(*inputs())
