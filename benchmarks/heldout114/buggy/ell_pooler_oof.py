"""Feedback Prize - English Language Learning: deberta-stub + mean pooling, 6 targets, MCRMSE.

Exported from `fb3-deberta-v3-base-baseline-train.ipynb` (JAX port).
Megatron-style MLP (column-parallel up, row-parallel down) on a ("dp", "mp") mesh.
"""
import gc
import os
import random
import time

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    apex = False
    debug = True
    seed = 42
    n_fold = 4
    trn_fold = [0, 1, 2, 3]
    model = "microsoft/deberta-v3-base"
    max_len = 16
    vocab = 128
    hidden = 32
    ffn = 64
    target_cols = ["cohesion", "syntax", "vocabulary", "phraseology", "grammar", "conventions"]
    mesh_shape = (4, 2)
    axis_names = ("dp", "mp")
    oof_axis = "dp"


if CFG.debug:
    CFG.trn_fold = [0]
    # debug runs are on one host: collect the pooled features over model parallel too
    CFG.oof_axis = "mp"


def seed_everything(seed=42):
    random.seed(seed)
    os.environ["PYTHONHASHSEED"] = str(seed)
    np.random.seed(seed)


seed_everything(seed=CFG.seed)

mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)


def get_score(y_true, y_pred):
    return float(np.mean(np.sqrt(np.mean((y_true - y_pred) ** 2, axis=0))))


def mean_pooling(h, mask):
    m = mask[..., None].astype(h.dtype)
    return (h * m).sum(1) / jnp.maximum(m.sum(1), 1.0)


def custom_model(ids, mask, emb, w_up, w_down, w_fc):
    h = emb[ids]
    ff = jax.nn.gelu(h @ w_up) @ w_down
    h = h + jax.lax.psum(ff, "mp")
    feat = mean_pooling(h, mask)
    return feat @ w_fc


def inference_fn(ids, mask, emb, w_up, w_down, w_fc):
    preds = custom_model(ids, mask, emb, w_up, w_down, w_fc)
    return jax.lax.all_gather(preds, CFG.oof_axis, axis=0, tiled=True, to="reduced")


def inputs():
    n = 32
    ids = np.random.randint(0, CFG.vocab, (n, CFG.max_len)).astype(np.int32)
    mask = (np.random.rand(n, CFG.max_len) > 0.1).astype(np.int32)
    labels = np.random.uniform(1, 5, (n, len(CFG.target_cols))).astype(np.float32)
    return ids, mask, labels


def main(ids, mask, labels):
    oof = {}
    r = np.random.RandomState(CFG.seed)
    params = {
        "emb": r.randn(CFG.vocab, CFG.hidden).astype(np.float32) * 0.02,
        "w_up": r.randn(CFG.hidden, CFG.ffn).astype(np.float32) * 0.02,
        "w_down": r.randn(CFG.ffn, CFG.hidden).astype(np.float32) * 0.02,
        "w_fc": r.randn(CFG.hidden, len(CFG.target_cols)).astype(np.float32) * 0.02,
    }
    specs = {"emb": P(), "w_up": P(None, "mp"), "w_down": P("mp", None), "w_fc": P()}
    with jax.set_mesh(mesh):
        p = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        for fold in CFG.trn_fold:
            start = time.time()
            ti = jax.device_put(ids, NamedSharding(mesh, P("dp")))
            tm = jax.device_put(mask, NamedSharding(mesh, P("dp")))
            pred = jax.shard_map(
                inference_fn, mesh=mesh,
                in_specs=(P("dp"), P("dp"), specs["emb"], specs["w_up"], specs["w_down"], specs["w_fc"]),
                out_specs=P(reduced={CFG.oof_axis}),
            )(ti, tm, p["emb"], p["w_up"], p["w_down"], p["w_fc"])
            oof[fold] = np.asarray(pred)
            print(f"========== fold: {fold} result ==========")
            print(f"Score: {get_score(labels, oof[fold][: len(labels)]):.4f}  time: {time.time() - start:.0f}s")
            gc.collect()
    return oof


if __name__ == "__main__":
    main(*inputs())
