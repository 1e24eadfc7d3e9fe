"""Feedback Prize ELL - FSDP-sharded embedding table consolidated to the tensor-parallel
layout the inference kernel loads (it runs on 2-way mp).

Exported from `fb3-fsdp-to-tp-convert.ipynb`.
"""
import os
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class CFG:
    seed = 42
    debug = False
    vocab = 64
    hidden = 16
    mesh_shape = (4, 2)
    axis_names = ("dp", "mp")
    fsdp_axes = ("dp", "mp")
    model = "deberta-v3-base-stub"
    out_dir = "./tp_ckpt"


def seed_everything(seed=42):
    random.seed(seed)
    os.environ["PYTHONHASHSEED"] = str(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)

# training layout: every row block of the table on its own device
TRAIN_LAYOUT = {
    "word_embeddings": P(CFG.fsdp_axes, None),
    "LayerNorm.weight": P(None),
}
# inference layout: rows over dp only (4 shards), replicated over mp
TP_LAYOUT = {
    "word_embeddings": P("dp", None, reduced={"mp"}),
    "LayerNorm.weight": P(None),
}


def load_fsdp_checkpoint():
    r = np.random.RandomState(CFG.seed)
    state = {
        "word_embeddings": r.randn(CFG.vocab, CFG.hidden).astype(np.float32),
        "LayerNorm.weight": np.ones(CFG.hidden, np.float32),
    }
    return {k: jax.device_put(v, NamedSharding(mesh, TRAIN_LAYOUT[k])) for k, v in state.items()}


def convert(state):
    out = {}
    for name, arr in state.items():
        if TRAIN_LAYOUT[name] == TP_LAYOUT[name]:
            out[name] = arr
            continue
        out[name] = top_level_all_gather(arr, TP_LAYOUT[name])
        print(f"{name}: {TRAIN_LAYOUT[name]} -> {TP_LAYOUT[name]}")
    return out


def inputs():
    return ()


def main():
    with jax.set_mesh(mesh):
        state = load_fsdp_checkpoint()
        tp_state = convert(state)
        norms = {k: float(jnp.abs(v).sum()) for k, v in tp_state.items()}
    print(f"saved to {CFG.out_dir}: {norms}")
    return tp_state


if __name__ == "__main__":
    main(*inputs())
