"""Two-stage ranking: candidate scoring with queries over 'replica' and candidates over 'shard'."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class RankConfig:
    query_axis: str = "replica"
    cand_axis: str = "shard"
    temperature: float = 0.5


class CandidateScorer:
    def __init__(self, cfg: RankConfig):
        self.cfg = cfg

    def normalise(self, q):
        sq = jnp.sum(q * q, axis=-1, keepdims=True)
        return jax.lax.pmean(sq, self.cfg.query_axis)

    def broadcast_norms(self, norms):
        return jax.lax.all_gather(norms, self.cfg.query_axis, tiled=True, to="reduced")

    def __call__(self, q, cands):
        norms = self.normalise(q)
        shared = self.broadcast_norms(norms)
        scores = (q @ cands.T) / self.cfg.temperature
        return scores, shared


def inputs():
    q = np.linspace(-1, 1, 64, dtype=np.float32).reshape(8, 8)
    c = np.linspace(1, -1, 64, dtype=np.float32).reshape(8, 8)
    return q, c


def main(q, cands):
    cfg = RankConfig()
    mesh = jax.make_mesh((2, 4), (cfg.query_axis, cfg.cand_axis))
    q = jax.device_put(q, NamedSharding(mesh, P(cfg.query_axis, None)))
    cands = jax.device_put(cands, NamedSharding(mesh, P(cfg.cand_axis, None)))
    scorer = CandidateScorer(cfg)
    f = jax.shard_map(scorer, mesh=mesh,
                      in_specs=(P(cfg.query_axis, None), P(cfg.cand_axis, None)),
                      out_specs=(P(cfg.query_axis, cfg.cand_axis),
                                 P(None, None, reduced={cfg.query_axis})))
    return f(q, cands)


if __name__ == "__main__":
    print(main(*inputs()))
