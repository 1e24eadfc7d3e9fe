"""DCG with the log2 position discount, on relevance gathered from the candidate shards."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def discounted_gain(relevance, *, candidate_axis, k):
    full = jax.lax.all_gather(relevance, candidate_axis, axis=1, tiled=True, to="reduced")
    top = full[:, :k]
    discounts = jnp.log2(jnp.arange(k, dtype=jnp.float32) + 2.0)
    return (top / discounts).sum(axis=-1)


def inputs():
    return (np.random.default_rng(55).integers(0, 4, size=(8, 32)).astype(np.float32),)


def main(relevance):
    mesh = jax.make_mesh((2, 4), ("host", "shard"))
    relevance = jax.device_put(relevance, NamedSharding(mesh, P("host", "shard")))
    dcg = functools.partial(discounted_gain, candidate_axis="shard", k=10)
    f = jax.shard_map(dcg, mesh=mesh, in_specs=P("host", "shard"), out_specs=P("host"))
    return f(relevance)


if __name__ == "__main__":
    main(*inputs())
