"""Ventilator - u_in lag / diff features with a halo exchange along the split time axis,
then a pressure regressor; 2 folds, OOF MAE on the inspiratory phase.

Exported from `ventilator-lag-features-sp.ipynb`.
"""
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    seed = 0
    n_folds = 2
    debug = False
    seq_len = 32
    n_breaths = 8
    mesh_shape = (2, 4)
    axis_names = ("breath", "time")
    lags = [1, 2]


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)
BREATH, TIME = CFG.axis_names
N_TIME = CFG.mesh_shape[1]
# right neighbour sends its first steps to the left one
SHIFT = [(i, (i - 1) % N_TIME) for i in range(N_TIME)]


def whole_breath(u):
    """The full curve of each breath (the per-breath scaling needs its peak)."""
    return jax.lax.all_gather(u, TIME, axis=1, tiled=True, to="reduced")


def lag_features(u, lag):
    halo = jax.lax.ppermute(u[:, :lag], TIME, perm=SHIFT)
    ext = jnp.concatenate([u, halo], axis=1)
    return ext[:, lag:] - u


def fe_body(u_in):
    u_full = whole_breath(u_in)
    peak = u_full.max(1, keepdims=True)
    feats = [u_in / (peak + 1e-3)]
    for lag in CFG.lags:
        feats.append(lag_features(u_in, lag))
    return jnp.stack(feats, -1)


def inputs():
    return (np.random.rand(CFG.n_breaths, CFG.seq_len).astype(np.float32),)


def main(u_in):
    with jax.set_mesh(mesh):
        u = jax.device_put(u_in, NamedSharding(mesh, P(BREATH, TIME)))
        X = jax.shard_map(fe_body, mesh=mesh, in_specs=P(BREATH, TIME),
                          out_specs=P(BREATH, TIME))(u)
    X = np.asarray(X)
    for fold in range(CFG.n_folds):
        va = np.arange(CFG.n_breaths) % CFG.n_folds == fold
        mae = np.abs(X[va, :, 1]).mean()
        print(f"fold {fold}: lag-1 feature mean |d| {mae:.4f}")
    return X


if __name__ == "__main__":
    main(*inputs())
