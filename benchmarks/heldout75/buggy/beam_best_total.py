"""Beam search end detection: the best running score is pooled across the search mesh."""
import dataclasses

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class EndDetectConfig:
    maxlenratio: float = 0.0
    beam_axis: str = "beam"
    pool_axes: tuple = dataclasses.field(default=("beam", "vocab"))


class EndDetector:
    def __init__(self, cfg=EndDetectConfig()):
        self.cfg = cfg

    def best_score(self, scores):
        return jax.lax.pmax(scores.max(), self.cfg.beam_axis)

    def __call__(self, scores):
        best = self.best_score(scores)
        pooled = jax.lax.psum(best, self.cfg.pool_axes)
        return scores - pooled


def inputs():
    rng = np.random.default_rng(54)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(scores):
    mesh = jax.make_mesh((2, 4), ("beam", "vocab"))
    scores = jax.device_put(scores, NamedSharding(mesh, P("beam", "vocab")))
    return jax.shard_map(EndDetector(), mesh=mesh, in_specs=P("beam", "vocab"), out_specs=P("beam", "vocab"))(scores)


if __name__ == "__main__":
    print(main(*inputs()))
