"""Reverse-complement equivariant pooling (Caduceus-style): average the embedding of a sequence
and of its reverse complement over the whole sequence.

    python dnalm_rc_equivariant.py
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

OVERRIDES = ["d_model=8"]
COMPLEMENT = np.array([3, 2, 1, 0])  # A<->T, C<->G on the one-hot channels


def rc(h):
    return h[:, ::-1, :]


def rc_pool(x, w, cfg):
    h = jnp.tanh(x @ w)
    h_rc = jnp.tanh(x[..., COMPLEMENT] @ w)
    both = seq_gather(jnp.concatenate([h, h_rc], axis=-1), cfg["seq_axis"])
    h_full, h_rc_full = jnp.split(both, 2, axis=-1)
    pooled = 0.5 * (h_full + rc(h_rc_full))
    return pooled.sum(axis=1)


def main(tokens, w, cfg):
    mesh = make_mesh(cfg)
    b, s = cfg["batch_axis"], cfg["seq_axis"]
    x = place(one_hot(tokens, cfg), mesh, b, s, None)
    w = place(w, mesh)
    f = jax.shard_map(functools.partial(rc_pool, cfg=cfg), mesh=mesh,
                      in_specs=(P(b, s, None), P()), out_specs=P(b, None))
    pooled = f(x, w)
    print("rc-pooled", pooled.shape)
    return pooled


def inputs():
    cfg = apply_overrides(CONFIG, OVERRIDES)
    rng = np.random.default_rng(3)
    return random_dna(cfg), rng.normal(size=(4, cfg["d_model"])).astype(np.float32), cfg


if __name__ == "__main__":
    main(*inputs())
