"""Hungarian-matcher cost matrix for DETR: classification, L1 and GIoU-free box costs."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class MatcherConfig:
    cost_class: float = 1.0
    cost_bbox: float = 5.0
    query_axis: str = "query"


class HungarianMatcher:
    def __init__(self, cfg: MatcherConfig):
        self.cfg = cfg

    def cost_matrix(self, prob, pred_boxes, tgt_boxes):
        c_bbox = jnp.abs(pred_boxes[:, :, None, :] - tgt_boxes[:, None, :, :]).sum(-1)
        c_class = -prob[:, :, None]
        return self.cfg.cost_bbox * c_bbox + self.cfg.cost_class * c_class

    def best_query_cost(self, cost):
        return jax.lax.pmin(cost.min(axis=1), self.cfg.query_axis)

    def __call__(self, prob, pred_boxes, tgt_boxes):
        return self.best_query_cost(self.cost_matrix(prob, pred_boxes, tgt_boxes))


def inputs():
    rng = np.random.default_rng(10)
    prob = rng.uniform(size=(4, 8)).astype(np.float32)
    pred = rng.uniform(size=(4, 8, 4)).astype(np.float32)
    tgt = rng.uniform(size=(4, 3, 4)).astype(np.float32)
    return prob, pred, tgt


def main(prob, pred, tgt):
    mesh = jax.make_mesh((2, 4), ("batch", "query"))
    specs = (P("batch", "query"), P("batch", "query", None), P("batch", None, None))
    prob, pred, tgt = (jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((prob, pred, tgt), specs))
    matcher = HungarianMatcher(MatcherConfig())
    return jax.shard_map(matcher, mesh=mesh, in_specs=specs,
                         out_specs=P("batch", None))(prob, pred, tgt)


if __name__ == "__main__":
    main(*inputs())
