"""RetinaNet-like focal loss: anchors sharded over the mesh, normalised by the positive count."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axes(NamedTuple):
    images: str = "images"
    anchors: str = "anchors"


AX = Axes()


def focal_loss(logits, labels, gamma=2.0, alpha=0.25):
    p = jax.nn.sigmoid(logits)
    pt = jnp.where(labels > 0, p, 1 - p)
    w = jnp.where(labels > 0, alpha, 1 - alpha)
    return -w * (1 - pt) ** gamma * jnp.log(jnp.clip(pt, 1e-6, 1.0))


def loss_body(logits, labels):
    per_anchor = focal_loss(logits, labels)
    num_pos = jax.lax.psum(jnp.sum(labels > 0, axis=1).astype(jnp.float32), AX.anchors)
    num_pos = jax.lax.all_gather(num_pos, AX.anchors, axis=0, tiled=True, to="reduced")
    metrics = {"num_pos": num_pos, "loss_sum": jnp.sum(per_anchor, axis=1)}
    return metrics


def inputs():
    rng = np.random.RandomState(1)
    return rng.randn(4, 64).astype(np.float32), (rng.rand(4, 64) > 0.9).astype(np.int32)


def main(logits, labels):
    mesh = jax.make_mesh((2, 4), tuple(AX))
    spec = P(AX.images, AX.anchors)
    logits = jax.device_put(logits, NamedSharding(mesh, spec))
    labels = jax.device_put(labels, NamedSharding(mesh, spec))
    out = jax.shard_map(loss_body, mesh=mesh, in_specs=(spec, spec),
                        out_specs={"num_pos": P(AX.images, reduced={AX.anchors}), "loss_sum": P((AX.images, AX.anchors))})
    return out(logits, labels)


if __name__ == "__main__":
    print(main(*inputs()))
