"""Ventilator - reduce-scatter of the per-breath loss gradients (ZeRO-1 style optimizer
shards) on a (breath, time) mesh.

Exported from `ventilator-zero1-train.ipynb`.
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
    seq_len = 16
    n_breaths = 8
    n_feat = 8
    lr = 1e-2
    mesh_shape = (2, 4)
    axis_names = ("breath", "time")


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)
BREATH, TIME = CFG.axis_names
ALL_AXES = (BREATH, TIME)


def features(u_in):
    # lag-free per-step features
    return jnp.stack([u_in ** k for k in range(CFG.n_feat)], -1)


def grad_body(u_in, p, w):
    x = features(u_in)                         # [b, t, f]
    # per-breath mean over the split time axis
    xm = jax.lax.pmean(x.mean(1), TIME)        # [b, f]
    pm = jax.lax.pmean(p.mean(1), TIME)        # [b]
    err = xm @ w - pm
    g = xm.T @ err                             # [f]
    # sum over all devices, keep 1/8 of the gradient on each (optimizer shard)
    return jax.lax.psum_scatter(g, ALL_AXES, scatter_dimension=0, tiled=True)


def inputs():
    u_in = np.random.rand(CFG.n_breaths, CFG.seq_len).astype(np.float32)
    pressure = (u_in * 20 + 5).astype(np.float32)
    return u_in, pressure


def main(u_in, pressure):
    w = np.zeros(CFG.n_feat, np.float32)
    with jax.set_mesh(mesh):
        u = jax.device_put(u_in, NamedSharding(mesh, P(BREATH, TIME)))
        p = jax.device_put(pressure, NamedSharding(mesh, P(BREATH, TIME)))
        for epoch in range(CFG.epochs):
            wd = jax.device_put(w, NamedSharding(mesh, P()))
            g_shard = jax.shard_map(grad_body, mesh=mesh, in_specs=(P(BREATH, TIME), P(BREATH, TIME), P()),
                                    out_specs=P(ALL_AXES))(u, p, wd)
            w = w - CFG.lr * np.asarray(g_shard)
            print(f"epoch {epoch}: |w| = {np.abs(w).sum():.4f}")
    return w


if __name__ == "__main__":
    main(*inputs())
