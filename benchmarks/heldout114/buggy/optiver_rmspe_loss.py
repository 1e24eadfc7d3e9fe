"""Optiver - RMSPE loss for a (stock, bucket) layout: book features summed over the buckets
of a time_id, then the squared percentage errors summed over every device.

Exported from `optiver-rmspe-train.ipynb`.
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
    n_stocks = 8
    n_seconds = 16
    lr = 1e-3
    mesh_shape = (4, 2)
    axis_names = ("stock", "bucket")


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)
STOCK, BUCKET = CFG.axis_names


def predict(wap, coef):
    r = jnp.diff(jnp.log(wap), axis=1)
    rv2 = jax.lax.psum((r * r).sum(1), BUCKET)
    return coef * jnp.sqrt(rv2)


def rmspe_body(wap, target, coef):
    def loss_fn(coef):
        pred = predict(wap, coef)
        spe = jnp.sum(((target - pred) / target) ** 2)
        total = jax.lax.psum(spe, (STOCK, BUCKET))
        return jnp.sqrt(total / CFG.n_stocks)
    return jax.value_and_grad(loss_fn)(coef)


def inputs():
    wap = 100 + np.cumsum(np.random.randn(CFG.n_stocks, CFG.n_seconds), axis=1).astype(np.float32) * 0.01
    target = np.full(CFG.n_stocks, 0.003, np.float32)
    return wap, target


def main(wap, target):
    coef = np.float32(1.0)
    with jax.set_mesh(mesh):
        w = jax.device_put(wap, NamedSharding(mesh, P(STOCK, BUCKET)))
        t = jax.device_put(target, NamedSharding(mesh, P(STOCK)))
        for epoch in range(CFG.epochs):
            c = jax.device_put(coef, NamedSharding(mesh, P()))
            loss, g = jax.shard_map(rmspe_body, mesh=mesh, in_specs=(P(STOCK, BUCKET), P(STOCK), P()),
                                    out_specs=(P(), P()))(w, t, c)
            coef = coef - CFG.lr * float(g)
            print(f"epoch {epoch}: RMSPE {float(loss):.4f}")
    return coef


if __name__ == "__main__":
    main(*inputs())
