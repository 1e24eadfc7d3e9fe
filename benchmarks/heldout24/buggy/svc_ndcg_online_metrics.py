"""Online ranking metrics (nDCG@k) computed next to the serving path."""
import json
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

METRICS_CONFIG = json.loads('{"k": 4, "metric_axes": ["replica", "shard"], "index_axis": "shard"}')


def discounts(k):
    return jnp.asarray([1.0 / math.log2(i + 2) for i in range(k)], jnp.float32)


def ndcg(relevance, ideal, cfg):
    k = cfg["k"]
    dcg = jnp.sum(relevance[:, :k] * discounts(k), axis=-1)
    idcg = jnp.sum(ideal[:, :k] * discounts(k), axis=-1)
    dcg = jax.lax.psum(dcg, cfg["index_axis"])
    idcg = jax.lax.psum(idcg, cfg["index_axis"])
    return dcg / jnp.maximum(idcg, 1e-6)


def report(relevance, ideal, cfg=METRICS_CONFIG):
    per_query = ndcg(relevance, ideal, cfg)
    return jax.lax.pmean(jnp.mean(per_query), tuple(cfg["metric_axes"]))


def inputs():
    rng = np.random.default_rng(14)
    rel = rng.integers(0, 3, (8, 32)).astype(np.float32)
    return rel, -np.sort(-rel, axis=-1)


def main(relevance, ideal):
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    sh = NamedSharding(mesh, P("replica", "shard"))
    fn = jax.shard_map(report, mesh=mesh, in_specs=(P("replica", "shard"),) * 2, out_specs=P())
    return fn(jax.device_put(relevance, sh), jax.device_put(ideal, sh))


if __name__ == "__main__":
    print(main(*inputs()))
