"""ASHRAE - train/valid loop with RMSLE computed on device (data-parallel linear model).

Exported from `ashrae-simple-dp-baseline.ipynb`.
"""
import math
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    seed = 7
    n_folds = 3
    epochs = 4
    lr = 0.05
    debug = False
    model_name = "ridge_dp"
    mesh_shape = (8,)
    axis_names = ("dp",)


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)
AXIS = CFG.axis_names[0]

X_all = np.random.rand(240, 6).astype(np.float32)
y_all = np.log1p(X_all @ np.arange(1, 7, dtype=np.float32)).astype(np.float32)
fold_id = np.random.permutation(len(X_all)) % CFG.n_folds


def train_fn(w, x, y):
    def body(w, x, y):
        def loss(w):
            d = x @ w - y
            sse = jnp.sum(d * d)
            return jax.lax.psum(sse, AXIS) / (y.shape[0] * mesh.shape[AXIS])
        l, g = jax.value_and_grad(loss)(w)
        return w - CFG.lr * g, l

    return jax.shard_map(body, mesh=mesh, in_specs=(P(), P(AXIS), P(AXIS)),
                         out_specs=(P(), P()))(w, x, y)


def valid_fn(w, x, y):
    def body(w, x, y):
        pred = jax.lax.all_gather(x @ w, AXIS, tiled=True, to="reduced")
        true = jax.lax.all_gather(y, AXIS, tiled=True, to="reduced")
        d = pred - true
        sse = jnp.sum(d * d)
        return pred, jax.lax.psum(sse, AXIS)

    return jax.shard_map(body, mesh=mesh, in_specs=(P(), P(AXIS), P(AXIS)),
                         out_specs=(P(reduced={AXIS}), P()))(w, x, y)


def inputs():
    return X_all, y_all, fold_id


def main(X, y, fold_id):
    scores = []
    oof = np.zeros_like(y)
    with jax.set_mesh(mesh):
        for fold in range(CFG.n_folds):
            tr, va = fold_id != fold, fold_id == fold
            put = lambda a: jax.device_put(a, NamedSharding(mesh, P(AXIS)))
            w = jax.device_put(np.zeros(X.shape[1], np.float32), NamedSharding(mesh, P()))
            for epoch in range(CFG.epochs):
                w, loss = train_fn(w, put(X[tr]), put(y[tr]))
            pred, sse = valid_fn(w, put(X[va]), put(y[va]))
            oof[va] = np.asarray(pred)
            scores.append(math.sqrt(float(sse) / va.sum()))
            print(f"[fold {fold}] train mse {float(loss):.4f} valid rmsle {scores[-1]:.4f}")
    print(f"CV: {np.mean(scores):.4f} +- {np.std(scores):.4f}")


if __name__ == "__main__":
    main(*inputs())
