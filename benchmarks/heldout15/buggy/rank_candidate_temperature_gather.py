"""Sampled-softmax retrieval: candidate embeddings sharded, gathered and tempered in one step."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class RetrievalConfig:
    cand_axis: str = "cand"
    query_axis: str = "query"
    temperature: float = 0.07


def inputs():
    q = np.linspace(-1, 1, 64, dtype=np.float32).reshape(8, 8)
    c = np.cos(np.arange(64, dtype=np.float32)).reshape(8, 8)
    return q, c


def logits_fn(q, c_shard, cfg):
    cands = jax.lax.all_gather(c_shard, cfg.cand_axis, axis=0, tiled=True, to="reduced") / cfg.temperature
    return q @ cands.T


def main(q, c, cfg=RetrievalConfig()):
    mesh = jax.make_mesh((2, 4), (cfg.query_axis, cfg.cand_axis))
    q = jax.device_put(q, NamedSharding(mesh, P(cfg.query_axis, None)))
    c = jax.device_put(c, NamedSharding(mesh, P(cfg.cand_axis, None)))
    f = jax.shard_map(functools.partial(logits_fn, cfg=cfg), mesh=mesh,
                      in_specs=(P(cfg.query_axis, None), P(cfg.cand_axis, None)),
                      out_specs=P(cfg.query_axis, None))
    return f(q, c)


if __name__ == "__main__":
    print(main(*inputs()))
