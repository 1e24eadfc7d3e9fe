"""Dense retrieval over a sharded index: the best score per query sets a pruning threshold for all shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

K = 4


class Index:
    shard_axis = "index"
    query_axis = "queries"

    def __init__(self, mesh, emb):
        self.mesh = mesh
        self.emb = jax.device_put(emb, NamedSharding(mesh, P(self.shard_axis, None)))

    def search(self, q):
        def local(q, emb):
            scores = q @ emb.T
            top, idx = jax.lax.top_k(scores, K)
            best = jax.lax.pmax(top[:, 0], self.shard_axis)
            threshold = jax.lax.all_gather(best, self.shard_axis, tiled=True, to="reduced")
            return threshold

        return jax.shard_map(local, mesh=self.mesh,
                             in_specs=(P(self.query_axis, None), P(self.shard_axis, None)),
                             out_specs=P(self.query_axis, reduced={self.shard_axis}))(q, self.emb)


def inputs():
    rng = np.random.default_rng(6)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(64, 16)).astype(np.float32)


def main(queries, emb):
    mesh = jax.make_mesh((2, 4), (Index.query_axis, Index.shard_axis))
    index = Index(mesh, emb)
    queries = jax.device_put(queries, NamedSharding(mesh, P(Index.query_axis, None)))
    return index.search(queries)


if __name__ == "__main__":
    print(main(*inputs()))
