"""Sigmoid focal loss on gathered DETR class logits (Deformable-DETR style)."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def sigmoid_focal_loss(logits, targets, alpha=0.25, gamma=2.0):
    prob = jax.nn.sigmoid(logits)
    ce = -(targets * jax.nn.log_sigmoid(logits) + (1 - targets) * jax.nn.log_sigmoid(-logits))
    p_t = prob * targets + (1 - prob) * (1 - targets)
    loss = ce * ((1 - p_t) ** gamma)
    return (alpha * targets + (1 - alpha) * (1 - targets)) * loss


def criterion(logits, targets, *, query_axis):
    logits = jax.lax.all_gather(logits, query_axis, axis=1, tiled=True, to="reduced")
    return sigmoid_focal_loss(logits, targets).sum(axis=(1, 2))


def inputs():
    rng = np.random.default_rng(12)
    logits = rng.standard_normal((4, 8, 5)).astype(np.float32)
    targets = (rng.uniform(size=(4, 8, 5)) > 0.8).astype(np.float32)
    return logits, targets


def main(logits, targets):
    mesh = jax.make_mesh((2, 4), ("batch", "query"))
    spec = P("batch", "query", None)
    per_image = P("batch", None, None)
    logits = jax.device_put(logits, NamedSharding(mesh, spec))
    targets = jax.device_put(targets, NamedSharding(mesh, per_image))
    body = functools.partial(criterion, query_axis="query")
    return jax.shard_map(body, mesh=mesh, in_specs=(spec, per_image), out_specs=P("batch"))(logits, targets)


if __name__ == "__main__":
    main(*inputs())
