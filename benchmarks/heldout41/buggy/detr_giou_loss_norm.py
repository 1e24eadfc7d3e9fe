"""DETR box losses averaged over the mesh; loss axes passed to the step as a config dict."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOSS_CFG = {"reduce_axes": ["batch", "query"], "query_axis": "query", "weight": 2.0}


def box_area(b):
    return (b[..., 2] - b[..., 0]) * (b[..., 3] - b[..., 1])


def giou_loss(pred, tgt):
    lt = jnp.maximum(pred[..., :2], tgt[..., :2])
    rb = jnp.minimum(pred[..., 2:], tgt[..., 2:])
    wh = jnp.clip(rb - lt, 0.0)
    inter = wh[..., 0] * wh[..., 1]
    union = box_area(pred) + box_area(tgt) - inter
    return 1.0 - inter / (union + 1e-6)


def step(pred, tgt, cfg=LOSS_CFG):
    per_query = giou_loss(pred, tgt)
    per_image = jax.lax.psum(per_query.sum(axis=1), cfg["query_axis"])
    return cfg["weight"] * jax.lax.pmean(per_image.mean(), tuple(cfg["reduce_axes"]))


def inputs():
    rng = np.random.default_rng(11)
    lo = rng.uniform(0.0, 0.5, size=(4, 8, 2))
    pred = np.concatenate([lo, lo + 0.3], axis=-1).astype(np.float32)
    tgt = np.concatenate([lo + 0.05, lo + 0.35], axis=-1).astype(np.float32)
    return pred, tgt


def main(pred, tgt):
    mesh = jax.make_mesh((2, 4), ("batch", "query"))
    spec = P("batch", "query", None)
    pred = jax.device_put(pred, NamedSharding(mesh, spec))
    tgt = jax.device_put(tgt, NamedSharding(mesh, spec))
    return jax.shard_map(step, mesh=mesh, in_specs=(spec, spec), out_specs=P())(pred, tgt)


if __name__ == "__main__":
    main(*inputs())
