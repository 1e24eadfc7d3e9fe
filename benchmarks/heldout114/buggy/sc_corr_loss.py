"""Open Problems MSCI - negative Pearson correlation loss per cell (the competition metric),
targets split over "genes"; averaged over the whole mesh.

Exported from `msci-mlp-corr-loss.ipynb`.
"""
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    seed = 42
    epochs = 2
    debug = False
    n_genes = 16
    n_inputs = 8
    lr = 1e-2
    mesh_shape = (4, 2)
    axes = ("cells", "genes")


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axes)


def corr_per_cell(pred, y):
    n = pred.shape[1] * jax.lax.axis_size("genes")
    pm = jax.lax.psum(pred.sum(1, keepdims=True), "genes") / n
    ym = jax.lax.psum(y.sum(1, keepdims=True), "genes") / n
    cov = jax.lax.psum(((pred - pm) * (y - ym)).sum(1), "genes")
    vp = jax.lax.psum(((pred - pm) ** 2).sum(1), "genes")
    vy = jax.lax.psum(((y - ym) ** 2).sum(1), "genes")
    return cov / jnp.sqrt(vp * vy + 1e-8)


def train_body(x, y, w):
    def loss_fn(w):
        corr = corr_per_cell(x @ w, y)
        return -jax.lax.pmean(corr.mean(), CFG.axes)
    loss, g = jax.value_and_grad(loss_fn)(w)
    return loss, w - CFG.lr * g


def inputs():
    x = np.random.randn(32, CFG.n_inputs).astype(np.float32)
    y = np.random.randn(32, CFG.n_genes).astype(np.float32)
    return x, y


def main(x, y):
    w = np.random.RandomState(0).randn(CFG.n_inputs, CFG.n_genes).astype(np.float32) * 0.1
    with jax.set_mesh(mesh):
        xs = jax.device_put(x, NamedSharding(mesh, P("cells")))
        ys = jax.device_put(y, NamedSharding(mesh, P("cells", "genes")))
        for epoch in range(CFG.epochs):
            wd = jax.device_put(w, NamedSharding(mesh, P(None, "genes")))
            loss, wd = jax.shard_map(train_body, mesh=mesh, in_specs=(P("cells"), P("cells", "genes"), P(None, "genes")),
                                     out_specs=(P(), P(None, "genes")))(xs, ys, wd)
            w = np.asarray(wd)
            print(f"epoch {epoch}: loss {float(loss):.4f}")
    return w


if __name__ == "__main__":
    main(*inputs())
