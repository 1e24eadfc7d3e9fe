"""Feedback Prize ELL - multi-head attention pooling; heads exchanged for tokens with all_to_all.

Exported from `fb3-attention-pool-sp.ipynb`: sequence split over "sp" for the encoder,
then an all_to_all to put the heads on "sp" for the attention pooling head.
"""
import os
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    seed = 1
    debug = False
    n_fold = 2
    max_len = 16
    hidden = 8
    n_heads = 4
    targets = 6
    mesh_shape = (2, 4)
    axis_names = ("dp", "sp")


def seed_everything(seed):
    random.seed(seed)
    os.environ["PYTHONHASHSEED"] = str(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)
DP, SP = CFG.axis_names


def encoder(x, w):
    # x: [b, L/sp, heads, hidden]; token-local mixing
    return jnp.tanh(jnp.einsum("blhd,de->blhe", x, w))


def gather_sequence(h):
    # the relative-position bias needs the whole sequence next to each token block
    return jax.lax.all_gather(h, SP, axis=1, tiled=True, to="reduced")


def attention_pool(x, w, q):
    h = encoder(x, w)
    h_full = gather_sequence(h)
    # heads onto sp, sequence back together: [b, L, heads/sp, hidden]
    h_heads = jax.lax.all_to_all(h_full, SP, split_axis=2, concat_axis=1, tiled=True)
    scores = jnp.einsum("blhd,d->blh", h_heads, q)
    a = jax.nn.softmax(scores, axis=1)
    return jnp.einsum("blh,blhd->bhd", a, h_heads)


def inputs():
    x = np.random.randn(8, CFG.max_len, CFG.n_heads, CFG.hidden).astype(np.float32)
    return (x,)


def main(x):
    w = np.eye(CFG.hidden, dtype=np.float32)
    q = np.ones(CFG.hidden, np.float32)
    results = []
    with jax.set_mesh(mesh):
        xs = jax.device_put(x, NamedSharding(mesh, P(DP, SP)))
        ws = jax.device_put(w, NamedSharding(mesh, P()))
        qs = jax.device_put(q, NamedSharding(mesh, P()))
        for fold in range(CFG.n_fold):
            pooled = jax.shard_map(attention_pool, mesh=mesh, in_specs=(P(DP, SP), P(), P()),
                                   out_specs=P(DP, SP))(xs, ws, qs)
            results.append(np.asarray(pooled))
            print(f"fold {fold}: pooled {results[-1].shape}")
    return results


if __name__ == "__main__":
    main(*inputs())
