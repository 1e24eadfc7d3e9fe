"""MLM masking for the DNA LM: the masked-token budget is checked over the full sequence.

    python dnalm_mask_budget.py mask_rate=0.2
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

OVERRIDES = []


def sample_mask(cfg):
    rng = np.random.default_rng(cfg["seed"] + 1)
    return (rng.uniform(size=(cfg["batch_size"], cfg["seq_len"])) < cfg["mask_rate"]).astype(np.float32)


def masked_counts(x, mask, cfg):
    s = cfg["seq_axis"]
    full_mask = seq_gather(mask, s)
    per_seq = full_mask.sum(axis=1)
    n_masked = jax.lax.psum(per_seq, s)
    return x * mask[..., None], n_masked


def main(tokens, mask, cfg):
    mesh = make_mesh(cfg)
    b, s = cfg["batch_axis"], cfg["seq_axis"]
    x = place(one_hot(tokens, cfg), mesh, b, s, None)
    mask = place(mask, mesh, b, s)
    f = jax.shard_map(functools.partial(masked_counts, cfg=cfg), mesh=mesh,
                      in_specs=(P(b, s, None), P(b, s)), out_specs=(P(b, s, None), P(b)))
    xm, n = f(x, mask)
    print("masked per sequence", np.asarray(n))
    return xm


def inputs():
    cfg = apply_overrides(CONFIG, OVERRIDES)
    return random_dna(cfg), sample_mask(cfg), cfg


if __name__ == "__main__":
    main(*inputs())
