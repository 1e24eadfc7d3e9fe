"""Learned positional table for the DNA LM; the table can be sharded along the sequence or kept whole.

    python dnalm_position_shards.py shard_pos_table=1
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

OVERRIDES = ["shard_pos_table=1"]
CONFIG["shard_pos_table"] = 1


def init_positions(cfg):
    rng = np.random.default_rng(cfg["seed"] + 7)
    return (0.02 * rng.normal(size=(cfg["seq_len"], cfg["d_model"]))).astype(np.float32)


def embed(x, table, cfg):
    full = seq_gather(table, cfg["seq_axis"], dim=0)
    w = jnp.ones((x.shape[-1], table.shape[-1]), jnp.float32)
    return x @ w, full


def main(tokens, table, cfg):
    mesh = make_mesh(cfg)
    b, s = cfg["batch_axis"], cfg["seq_axis"]
    table_spec = P(s, None) if cfg["shard_pos_table"] else P()
    x = place(one_hot(tokens, cfg), mesh, b, s, None)
    table = jax.device_put(table, NamedSharding(mesh, table_spec))

    body = functools.partial(embed, cfg=cfg)
    h, full = jax.shard_map(body, mesh=mesh, in_specs=(P(b, s, None), table_spec),
                            out_specs=(P(b, s, None), P(None, None, reduced={s})))(x, table)
    print("token embeddings", h.shape, "positions", full.shape)
    return h


def inputs():
    cfg = apply_overrides(CONFIG, OVERRIDES)
    return random_dna(cfg), init_positions(cfg), cfg


if __name__ == "__main__":
    main(*inputs())
