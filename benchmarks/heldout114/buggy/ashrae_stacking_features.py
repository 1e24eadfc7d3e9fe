"""ASHRAE energy prediction - level-2 stacking: dump the standardized feature table per fold.

Notebook: `ashrae-stacking-lgbm-on-nn-features.ipynb` (cells exported in order).
"""
import os
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    seed = 2019
    n_folds = 2
    debug = True
    model_name = "nn_feats"
    mesh_shape = (4, 2)
    axis_names = ("rows", "cols")
    n_features = 8
    dump_dir = "./stack_feats"


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)
    os.environ["PYTHONHASHSEED"] = str(seed)


seed_everything(CFG.seed)

# ---- cell: meters -----------------------------------------------------------
METERS = {0: "electricity", 1: "chilledwater", 2: "steam", 3: "hotwater"}
n_rows = 64 if CFG.debug else 4096
X = np.random.normal(size=(n_rows, CFG.n_features)).astype(np.float32)
meter = np.random.randint(0, 4, size=n_rows)
print(f"rows={n_rows} meters={ {METERS[k]: int((meter == k).sum()) for k in METERS} }")

# ---- cell: mesh -------------------------------------------------------------
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)
ROWS, COLS = CFG.axis_names
row_col = NamedSharding(mesh, P(ROWS, COLS))


# ---- cell: standardize (column stats live with their column shard) ----------
def standardize(block):
    mu = jax.lax.pmean(block.mean(0, keepdims=True), ROWS)
    sd = jnp.sqrt(jax.lax.pmean(((block - mu) ** 2).mean(0, keepdims=True), ROWS))
    z = (block - mu) / (sd + 1e-6)
    # every column of a row next to each other for the row-wise features
    return jax.lax.all_gather(z, COLS, axis=1, tiled=True, to="reduced")


def row_features(z_full):
    return jnp.concatenate([z_full, jnp.abs(z_full).sum(1, keepdims=True)], axis=1)


def dump_body(block):
    feats = row_features(standardize(block))
    # the whole table on every device before writing it out
    return jax.lax.all_gather(feats, CFG.axis_names, axis=0, tiled=True, to="reduced")


def inputs():
    return X, meter


def main(X, meter):
    stacked = {}
    with jax.set_mesh(mesh):
        for fold in range(CFG.n_folds):
            idx = np.where(np.arange(len(X)) % CFG.n_folds == fold)[0]
            xb = jax.device_put(X[idx], row_col)
            table = jax.shard_map(
                dump_body, mesh=mesh, in_specs=P(ROWS, COLS),
                out_specs=P(None, None, reduced={ROWS, COLS}),
            )(xb)
            stacked[fold] = np.asarray(table)
            print(f"fold {fold}: dumped {stacked[fold].shape} to {CFG.dump_dir}/fold{fold}.npy")
    return stacked


if __name__ == "__main__":
    main(*inputs())
