"""NDCG@k: per-query relevance of the ranked list, assembled on every host for the ranking step."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

METRIC_AXES = ["host", "shard"]


def gather_relevance(relevance, over):
    return jax.lax.all_gather(relevance, over, axis=1, tiled=True, to="reduced")


def ndcg_inputs(relevance):
    by_candidate = gather_relevance(relevance, METRIC_AXES[-1])
    return gather_relevance(by_candidate, tuple(METRIC_AXES))


def inputs():
    return (np.random.default_rng(51).integers(0, 4, size=(8, 32)).astype(np.float32),)


def main(relevance):
    mesh = jax.make_mesh((2, 4), tuple(METRIC_AXES))
    relevance = jax.device_put(relevance, NamedSharding(mesh, P("host", "shard")))
    f = jax.shard_map(ndcg_inputs, mesh=mesh, in_specs=P("host", "shard"),
                      out_specs=P(None, None, reduced={"host", "shard"}))
    return f(relevance)


if __name__ == "__main__":
    main(*inputs())
