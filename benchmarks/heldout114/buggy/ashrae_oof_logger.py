"""ASHRAE - Great Energy Predictor III: feature-parallel MLP, 4-fold CV with OOF logging.

Exported from the Kaggle notebook `ashrae-jax-mlp-tp.ipynb`.
"""
import os
import random
import time

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


# ====================================================
# CFG
# ====================================================
class CFG:
    seed = 42
    n_folds = 4
    debug = False
    model_name = "mlp_tp"
    hidden = 64
    n_features = 16
    mesh_shape = (4, 2)
    axis_names = ("data", "model")
    log_axis = "data"
    lr = 1e-2
    epochs = 3


def seed_everything(seed=42):
    random.seed(seed)
    os.environ["PYTHONHASHSEED"] = str(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)

# ====================================================
# Data (site/building meter readings; synthetic stand-in for train.csv)
# ====================================================
N_ROWS = 256
rng = np.random.default_rng(CFG.seed)
train_X = rng.normal(size=(N_ROWS, CFG.n_features)).astype(np.float32)
train_y = np.log1p(np.abs(train_X[:, :3].sum(1)) * 10).astype(np.float32)
folds = np.arange(N_ROWS) % CFG.n_folds
print(f"train: {train_X.shape}, folds: {np.bincount(folds)}")

if CFG.debug:
    CFG.epochs = 1

# ====================================================
# Mesh
# ====================================================
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)
DATA, MODEL = CFG.axis_names

# the OOF table is logged per tensor-parallel rank in the TP runs
CFG.log_axis = MODEL


def init_params(key):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (CFG.n_features, CFG.hidden)) * 0.1,
        "w2": jax.random.normal(k2, (CFG.hidden,)) * 0.1,
    }


def forward(x, w1, w2):
    h = jax.lax.psum(x @ w1, MODEL)
    h = jax.nn.relu(h)
    return h @ w2


def train_fn(params, x, y):
    def loss_fn(p):
        pred = jax.shard_map(
            forward, mesh=mesh,
            in_specs=(P(DATA, MODEL), P(MODEL, None), P()),
            out_specs=P(DATA),
        )(x, p["w1"], p["w2"])
        return jnp.mean((pred - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    params = jax.tree.map(lambda p, g: p - CFG.lr * g, params, grads)
    return params, loss


def inference_fn(params, x):
    def body(x, w1, w2):
        pred = forward(x, w1, w2)
        return jax.lax.all_gather(pred, CFG.log_axis, tiled=True, to="reduced")

    return jax.shard_map(
        body, mesh=mesh,
        in_specs=(P(DATA, MODEL), P(MODEL, None), P()),
        out_specs=P(DATA, reduced={CFG.log_axis}),
    )(x, params["w1"], params["w2"])


def inputs():
    return train_X, train_y, folds


def main(X, y, folds):
    oof = np.zeros(len(y), np.float32)
    with jax.set_mesh(mesh):
        for fold in range(CFG.n_folds):
            t0 = time.time()
            tr, va = folds != fold, folds == fold
            params = init_params(jax.random.key(CFG.seed + fold))
            params = {
                "w1": jax.device_put(params["w1"], NamedSharding(mesh, P(MODEL, None))),
                "w2": jax.device_put(params["w2"], NamedSharding(mesh, P())),
            }
            x_tr = jax.device_put(X[tr], NamedSharding(mesh, P(DATA, MODEL)))
            y_tr = jax.device_put(y[tr], NamedSharding(mesh, P(DATA)))
            for epoch in range(CFG.epochs):
                params, loss = train_fn(params, x_tr, y_tr)
            x_va = jax.device_put(X[va], NamedSharding(mesh, P(DATA, MODEL)))
            oof[va] = np.asarray(inference_fn(params, x_va))[: va.sum()]
            rmse = np.sqrt(np.mean((oof[va] - y[va]) ** 2))
            print(f"fold {fold}: loss {float(loss):.4f} rmse {rmse:.4f} ({time.time() - t0:.1f}s)")
    print(f"CV rmse: {np.sqrt(np.mean((oof - y) ** 2)):.4f}")
    return oof


if __name__ == "__main__":
    main(*inputs())
