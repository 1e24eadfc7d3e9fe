"""Ventilator - write the OOF pressure matrix (breaths x steps) for the stacking notebook.

Exported from `ventilator-oof-writer.ipynb`. The predictions come out of a jitted
predict function laid out (breath, time).
"""
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class CFG:
    seed = 42
    n_folds = 2
    debug = False
    seq_len = 16
    n_breaths = 8
    mesh_shape = (2, 4)
    axis_names = ("breath", "time")
    model_name = "bilstm_stub"


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)
SEQ_SHARDING = NamedSharding(mesh, P(*CFG.axis_names))


def build_predict():
    @jax.jit
    def predict(u_in, rc):
        h = jnp.tanh(u_in[..., None] * rc[:, None, :]).sum(-1)
        return jax.lax.with_sharding_constraint(h * 10.0, SEQ_SHARDING)
    return predict


def write_oof(pred, fold):
    # one host array with every breath and every step
    full = top_level_all_gather(pred, P(None, None, reduced=set(CFG.axis_names)))
    arr = np.asarray(full)
    print(f"oof_{CFG.model_name}_fold{fold}.npy: {arr.shape}")
    return arr


def inputs():
    u_in = np.random.rand(CFG.n_breaths, CFG.seq_len).astype(np.float32)
    rc = np.random.choice([5.0, 20.0, 50.0], (CFG.n_breaths, 2)).astype(np.float32) / 50
    return u_in, rc


def main(u_in, rc):
    predict = build_predict()
    oof = []
    with jax.set_mesh(mesh):
        u = jax.device_put(u_in, SEQ_SHARDING)
        r = jax.device_put(rc, NamedSharding(mesh, P(CFG.axis_names[0])))
        for fold in range(CFG.n_folds):
            pred = predict(u, r)
            oof.append(write_oof(pred, fold))
    return oof


if __name__ == "__main__":
    main(*inputs())
