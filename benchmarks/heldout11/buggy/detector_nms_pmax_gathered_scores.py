"""A YOLO-like post-processor: class scores gathered over anchors, then a global best score."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class DetectConfig:
    batch_axis: str = "batch"
    anchor_axis: str = "anchor"
    score_threshold: float = 0.3


def postprocess(cls_logits, cfg=DetectConfig()):
    scores = jax.lax.all_gather(jax.nn.sigmoid(cls_logits), cfg.anchor_axis, axis=1, tiled=True,
                                to="reduced")
    top = jax.lax.pmax(scores, cfg.anchor_axis)
    return jnp.max(top, axis=1)


def inputs():
    return (np.random.RandomState(5).randn(4, 32).astype(np.float32),)


def main(cls_logits):
    cfg = DetectConfig()
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.anchor_axis))
    spec = P(cfg.batch_axis, cfg.anchor_axis)
    cls_logits = jax.device_put(cls_logits, NamedSharding(mesh, spec))
    return jax.shard_map(postprocess, mesh=mesh, in_specs=spec, out_specs=P(cfg.batch_axis))(cls_logits)


if __name__ == "__main__":
    print(main(*inputs()))
