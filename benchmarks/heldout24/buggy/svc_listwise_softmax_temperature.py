"""Listwise ranker: a softmax over every candidate of the sharded pool, with a temperature."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ListwiseRanker:
    def __init__(self, temperature=0.5, pool_axis="shard"):
        self.temperature = temperature
        self.pool_axis = pool_axis

    def logits(self, query, cands):
        return cands @ query

    def __call__(self, query, cands):
        local = self.logits(query, cands)
        pooled = jax.lax.all_gather(local, self.pool_axis, axis=0, tiled=True, to="reduced")
        probs = jax.nn.softmax(pooled / self.temperature, axis=0)
        return jnp.max(probs, axis=0)


def inputs():
    rng = np.random.default_rng(15)
    return (rng.standard_normal((8, 2)).astype(np.float32),
            rng.standard_normal((32, 8)).astype(np.float32))


def main(query, cands):
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    query = jax.device_put(query, NamedSharding(mesh, P(None, "replica")))
    cands = jax.device_put(cands, NamedSharding(mesh, P("shard", None)))
    ranker = ListwiseRanker()
    fn = jax.shard_map(ranker, mesh=mesh, in_specs=(P(None, "replica"), P("shard", None)),
                       out_specs=P("replica"))
    return fn(query, cands)


if __name__ == "__main__":
    print(main(*inputs()))
