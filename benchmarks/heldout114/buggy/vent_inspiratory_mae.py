"""Ventilator - valid_fn: MAE on the inspiratory phase only (u_out == 0), per fold.

Exported from `ventilator-cv-mae.ipynb`. Breaths split over "breath"; the full validation
set is collected on every device to score the masked MAE.
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
    seq_len = 16
    mesh_shape = (8,)
    axis_names = ("breath",)


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)
(BREATH,) = CFG.axis_names


def valid_fn(pred, target, u_out):
    pred_all = jax.lax.all_gather(pred, BREATH, axis=0, tiled=True, to="reduced")
    true_all = jax.lax.all_gather(target, BREATH, axis=0, tiled=True, to="reduced")
    w_all = jax.lax.all_gather(1.0 - u_out, BREATH, axis=0, tiled=True, to="reduced")
    abs_err = jnp.abs(pred_all - true_all) * w_all
    mae = jnp.sum(abs_err) / jnp.maximum(jnp.sum(w_all), 1.0)
    return mae, pred_all


def inputs():
    n = 32
    target = np.random.rand(n, CFG.seq_len).astype(np.float32) * 30
    pred = target + np.random.randn(n, CFG.seq_len).astype(np.float32)
    u_out = (np.arange(CFG.seq_len) >= CFG.seq_len // 3).astype(np.float32)[None].repeat(n, 0)
    return pred, target, u_out


def main(pred, target, u_out):
    scores = []
    with jax.set_mesh(mesh):
        for fold in range(CFG.n_folds):
            va = np.arange(len(pred)) % CFG.n_folds == fold
            put = lambda a: jax.device_put(a[va], NamedSharding(mesh, P(BREATH)))
            mae, oof = jax.shard_map(valid_fn, mesh=mesh, in_specs=(P(BREATH),) * 3,
                                     out_specs=(P(reduced={BREATH}), P(reduced={BREATH})))(
                put(pred), put(target), put(u_out))
            scores.append(float(mae))
            print(f"fold {fold}: MAE {scores[-1]:.4f}")
    print(f"CV MAE: {np.mean(scores):.4f}")
    return scores


if __name__ == "__main__":
    main(*inputs())
