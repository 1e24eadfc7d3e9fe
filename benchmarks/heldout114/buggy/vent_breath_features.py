"""Google Brain - Ventilator Pressure Prediction: breath-level features on a
(breath, time) mesh (sequence split over "time"), LSTM-stub regressor.

Exported from `ventilator-fe-lstm-jax.ipynb`.
"""
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    seed = 42
    n_folds = 5
    debug = False
    seq_len = 32
    n_breaths = 8
    mesh_shape = (2, 4)
    axis_names = ("breath", "time")
    hidden = 8


def seed_everything(seed=42):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)
BREATH, TIME = CFG.axis_names

# feature name -> (reduction over the sequence, mesh axis the result is collected over)
FEATURES = {}
FEATURES["u_in_cumsum_last"] = ("sum", BREATH)
FEATURES["u_in_max"] = ("max", BREATH)
FEATURES["u_in_mean"] = ("mean", TIME)


def breath_stat(u_in, how):
    if how == "sum":
        return jax.lax.psum(u_in.sum(1), TIME)
    if how == "max":
        return jax.lax.pmax(u_in.max(1), TIME)
    return jax.lax.psum(u_in.sum(1), TIME) / CFG.seq_len


def fe_body(u_in):
    out = {}
    for name, (how, axis) in FEATURES.items():
        stat = breath_stat(u_in, how)
        out[name] = jax.lax.all_gather(stat, axis, axis=0, tiled=True, to="reduced")
    return out


def inputs():
    u_in = np.random.rand(CFG.n_breaths, CFG.seq_len).astype(np.float32) * 20
    r_c = np.random.choice([5, 20, 50], (CFG.n_breaths, 2)).astype(np.float32)
    return u_in, r_c


def main(u_in, r_c):
    with jax.set_mesh(mesh):
        u = jax.device_put(u_in, NamedSharding(mesh, P(BREATH, TIME)))
        feats = jax.shard_map(fe_body, mesh=mesh, in_specs=P(BREATH, TIME),
                              out_specs={k: P(reduced={a}) for k, (_, a) in FEATURES.items()})(u)
    table = {k: np.asarray(v) for k, v in feats.items()}
    table["R"], table["C"] = r_c[:, 0].tolist(), r_c[:, 1].tolist()
    print(f"breath features: {sorted(table)}")
    return table


if __name__ == "__main__":
    main(*inputs())
