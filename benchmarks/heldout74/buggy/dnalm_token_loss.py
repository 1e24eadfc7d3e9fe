"""Masked-LM loss for the DNA LM, normalised by the number of masked tokens in the global batch.

    python dnalm_token_loss.py mask_rate=0.3
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

OVERRIDES = ["mask_rate=0.3"]


def mlm_loss(x, mask, w_out, cfg):
    b, s = cfg["batch_axis"], cfg["seq_axis"]
    logits = jnp.tanh(x @ jnp.ones((4, cfg["d_model"]))) @ w_out
    nll = -(jax.nn.log_softmax(logits, axis=-1) * x).sum(-1)
    n_tokens = jax.lax.psum(mask.sum(), s)
    total = psum_all((nll * mask).sum(), (b, s))
    denom = psum_all(n_tokens, (b, s))
    return total / jnp.maximum(denom, 1.0)


def main(tokens, mask, w_out, cfg):
    mesh = make_mesh(cfg)
    b, s = cfg["batch_axis"], cfg["seq_axis"]
    x = place(one_hot(tokens, cfg), mesh, b, s, None)
    mask = place(mask, mesh, b, s)
    w_out = place(w_out, mesh)
    loss = jax.shard_map(functools.partial(mlm_loss, cfg=cfg), mesh=mesh,
                         in_specs=(P(b, s, None), P(b, s), P()), out_specs=P())(x, mask, w_out)
    print("mlm loss", float(loss))
    return loss


def inputs():
    cfg = apply_overrides(CONFIG, OVERRIDES)
    rng = np.random.default_rng(cfg["seed"] + 1)
    mask = (rng.uniform(size=(cfg["batch_size"], cfg["seq_len"])) < cfg["mask_rate"]).astype(np.float32)
    w_out = (0.1 * rng.normal(size=(cfg["d_model"], 4))).astype(np.float32)
    return random_dna(cfg), mask, w_out, cfg


if __name__ == "__main__":
    main(*inputs())
