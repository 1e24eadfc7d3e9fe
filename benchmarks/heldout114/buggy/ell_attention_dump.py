"""Feedback Prize ELL - dump the token representations of the last layer for the
"what does the model look at" EDA notebook.

Exported from `fb3-token-embeddings-eda.ipynb`. Hidden dimension split over "mp".
"""
import os
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    seed = 42
    debug = False
    model = "deberta-v3-small-stub"
    max_len = 8
    vocab = 64
    hidden = 16
    mesh_shape = (4, 2)
    axis_names = ("dp", "mp")


CFG.dump_axes = list(CFG.axis_names)


def seed_everything(seed=42):
    random.seed(seed)
    os.environ["PYTHONHASHSEED"] = str(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)


class FB3Encoder:
    def __init__(self, cfg):
        self.cfg = cfg

    def embed(self, ids, emb_shard):
        # emb_shard: [vocab, hidden / mp]
        return emb_shard[ids]

    def full_hidden(self, h_shard):
        return jax.lax.all_gather(h_shard, "mp", axis=2, tiled=True, to="reduced")

    def __call__(self, ids, emb_shard):
        h = jnp.tanh(self.embed(ids, emb_shard))
        h = self.full_hidden(h)
        flat = h.reshape(-1, h.shape[-1])
        return jax.lax.all_gather(flat, tuple(self.cfg.dump_axes), axis=0, tiled=True, to="reduced")


def inputs():
    ids = np.random.randint(0, CFG.vocab, (16, CFG.max_len)).astype(np.int32)
    essay_id = [f"{i:012X}" for i in range(16)]
    return ids, essay_id


def main(ids, essay_id):
    model = FB3Encoder(CFG)
    emb = np.random.randn(CFG.vocab, CFG.hidden).astype(np.float32)
    with jax.set_mesh(mesh):
        t = jax.device_put(ids, NamedSharding(mesh, P("dp")))
        e = jax.device_put(emb, NamedSharding(mesh, P(None, "mp")))
        reps = jax.shard_map(model, mesh=mesh, in_specs=(P("dp"), P(None, "mp")),
                             out_specs=P(reduced=set(CFG.axis_names)))(t, e)
    reps = np.asarray(reps).reshape(len(essay_id), CFG.max_len, CFG.hidden)
    table = {eid: reps[i].mean(0) for i, eid in enumerate(essay_id)}
    print(f"dumped {len(table)} essays, dim {CFG.hidden}")
    return table


if __name__ == "__main__":
    main(*inputs())
