"""Dump per-sequence embeddings from the DNA LM for the downstream enhancer classifier.

    python dnalm_embedding_dump.py
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
from jax._src.shard_map import top_level_all_gather

OVERRIDES = ["batch_size=8"]


def encoder(mesh, cfg):
    b, s = cfg["batch_axis"], cfg["seq_axis"]

    def body(x, w):
        h = jnp.tanh(x @ w)
        return jax.lax.pmean(h.mean(axis=1), s)

    return jax.shard_map(body, mesh=mesh, in_specs=(P(b, s, None), P()), out_specs=P(b, None))


def train_step(mesh, x, w, cfg):
    with jax.set_mesh(mesh):
        emb = encoder(mesh, cfg)(x, w)
        return w - 1e-3 * jnp.mean(emb)


def dump(emb, cfg):
    return np.asarray(top_level_all_gather(emb, P(None, None, reduced={cfg["batch_axis"]})))


def main(tokens, w, cfg):
    mesh = make_mesh(cfg)
    b, s = cfg["batch_axis"], cfg["seq_axis"]
    x = place(one_hot(tokens, cfg), mesh, b, s, None)
    w = place(w, mesh)
    w = train_step(mesh, x, w, cfg)
    with jax.set_mesh(mesh):
        emb = encoder(mesh, cfg)(x, w)
        table = dump(emb, cfg)
    print("embeddings", table.shape)
    return table


def inputs():
    cfg = apply_overrides(CONFIG, OVERRIDES)
    rng = np.random.default_rng(5)
    return random_dna(cfg), rng.normal(size=(4, cfg["d_model"])).astype(np.float32), cfg


if __name__ == "__main__":
    main(*inputs())
