"""k-mer spectrum of the training batch: per-window k-mer one-hots gathered along the sequence,
then over the whole mesh for the global table.

    python dnalm_kmer_table.py
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {
    "batch_axis": "batch",
    "seq_axis": "seq",
    "mesh_shape": (2, 4),
    "seq_len": 32,
    "batch_size": 4,
    "d_model": 8,
    "vocab": "ACGT",
    "mask_rate": 0.15,
    "seed": 0,
}


# ===== shared helpers (same block in every dnalm_* script) =====
def apply_overrides(cfg, overrides):
    cfg = dict(cfg)
    for item in overrides:
        key, value = item.split("=", 1)
        old = cfg[key]
        cfg[key] = type(old)(value) if not isinstance(old, (tuple, list)) else tuple(value.split(","))
    return cfg


def make_mesh(cfg):
    return jax.make_mesh(tuple(int(n) for n in cfg["mesh_shape"]), (cfg["batch_axis"], cfg["seq_axis"]))


def random_dna(cfg):
    rng = np.random.default_rng(cfg["seed"])
    return rng.integers(0, len(cfg["vocab"]), size=(cfg["batch_size"], cfg["seq_len"]))


def one_hot(tokens, cfg):
    return np.eye(len(cfg["vocab"]), dtype=np.float32)[tokens]


def place(x, mesh, *spec):
    return jax.device_put(x, NamedSharding(mesh, P(*spec)))


def seq_gather(x, axis_name, dim=1):
    return jax.lax.all_gather(x, axis_name, axis=dim, tiled=True, to="reduced")


def psum_all(x, axes):
    return jax.lax.psum(x, tuple(axes))
# ===== end shared helpers =====

OVERRIDES = ["seed=2"]
K = 2


def kmer_onehot(x):
    # x: (b, s, 4) -> (b, s, 16) outer product of neighbouring bases (within the local window)
    nxt = jnp.concatenate([x[:, 1:], x[:, :1]], axis=1)
    return (x[..., :, None] * nxt[..., None, :]).reshape(x.shape[0], x.shape[1], -1)


def spectrum(x, cfg):
    axes = (cfg["batch_axis"], cfg["seq_axis"])
    km = kmer_onehot(x)
    windows = seq_gather(km, cfg["seq_axis"])
    table = jax.lax.all_gather(windows, axes, axis=0, tiled=True, to="reduced")
    return table


def main(tokens, cfg):
    mesh = make_mesh(cfg)
    b, s = cfg["batch_axis"], cfg["seq_axis"]
    x = place(one_hot(tokens, cfg), mesh, b, s, None)
    f = jax.shard_map(functools.partial(spectrum, cfg=cfg), mesh=mesh, in_specs=P(b, s, None),
                      out_specs=P(None, None, None, reduced={b, s}))
    table = f(x)
    counts = np.asarray(table).sum(axis=(0, 1))
    print("k-mer counts", counts.reshape(4, 4))
    return table


def inputs():
    cfg = apply_overrides(CONFIG, OVERRIDES)
    return random_dna(cfg), cfg


if __name__ == "__main__":
    main(*inputs())
