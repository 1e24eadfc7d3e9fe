"""EmbeddingBag (sum mode) over a column-sharded table, pooled bags shared with every device."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class EmbeddingBag:
    def __init__(self, num_bags, *, bag_axis="nnz", dim_axis="feat"):
        self.num_bags = num_bags
        self.bag_axis = bag_axis
        self.dim_axis = dim_axis

    def pool(self, table, ids, bag_of):
        rows = jnp.take(table, ids, axis=0)
        return jax.ops.segment_sum(rows, bag_of, num_segments=self.num_bags)

    def __call__(self, table, ids, bag_of):
        pooled = self.pool(table, ids, bag_of)
        wide = jax.lax.all_gather(pooled, self.dim_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(wide, (self.bag_axis, self.dim_axis), axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(51)
    table = rng.normal(size=(20, 8)).astype(np.float32)
    ids = rng.integers(0, 20, size=16).astype(np.int32)
    bag_of = np.repeat(np.arange(4, dtype=np.int32), 4)
    return table, ids, bag_of


def main(table, ids, bag_of):
    mesh = jax.make_mesh((4, 2), ("nnz", "feat"))
    table = jax.device_put(table, NamedSharding(mesh, P(None, "feat")))
    ids = jax.device_put(ids, NamedSharding(mesh, P("nnz")))
    bag_of = jax.device_put(bag_of, NamedSharding(mesh, P("nnz")))
    bag = EmbeddingBag(num_bags=4)
    return jax.shard_map(bag, mesh=mesh, in_specs=(P(None, "feat"), P("nnz"), P("nnz")),
                         out_specs=P(None, None, reduced={"nnz", "feat"}))(table, ids, bag_of)


if __name__ == "__main__":
    main(*inputs())
