import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    rng = np.random.default_rng(60)
    queries = rng.normal(size=(16, 4)).astype(np.float32)
    index = rng.normal(size=(16, 4)).astype(np.float32)
    return queries, index


class BruteForceIndex:
    def __init__(self, metric="euclidean", index_axis="index"):
        self.metric = metric
        self.index_axis = index_axis

    def pairwise(self, Q, D):
        if self.metric == "euclidean":
            return ((Q[:, None, :] - D[None, :, :]) ** 2).sum(-1)
        return -Q @ D.T

    def exchange(self, Q, D):
        dist = self.pairwise(Q, D)
        rows = jax.lax.all_gather(dist, self.index_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_to_all(rows, self.index_axis, 0, 0, tiled=True)


def main(queries, index):
    mesh = jax.make_mesh((2, 4), ("query", "index"))
    queries = jax.device_put(queries, NamedSharding(mesh, P("query", None)))
    index = jax.device_put(index, NamedSharding(mesh, P("index", None)))
    nn = BruteForceIndex()
    f = jax.shard_map(nn.exchange, mesh=mesh, in_specs=(P("query", None), P("index", None)),
                      out_specs=P(("query", "index"), None))
    return f(queries, index)


if __name__ == "__main__":
    main(*inputs())
