"""Lookup counts per table shard for a row-wise sharded embedding bag collection."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ShardingPlan:
    data_axis: str = "dp"
    shard_axis: str = "shard"
    mesh_shape: tuple = (2, 4)


@dataclasses.dataclass
class EmbeddingBagConfig:
    name: str
    num_embeddings: int
    embedding_dim: int
    feature_names: list = dataclasses.field(default_factory=list)


class ShardedEmbeddingBagCollection:
    def __init__(self, tables, plan=ShardingPlan()):
        self.tables = tables
        self.plan = plan
        self.mesh = jax.make_mesh(plan.mesh_shape, (plan.data_axis, plan.shard_axis))

    def _row_counts(self, ids):
        hits = jnp.sum(ids >= 0, axis=0).astype(jnp.float32)
        per_table = jax.lax.psum(hits, self.plan.shard_axis)
        return jax.lax.all_gather(per_table, self.plan.shard_axis, to="invarying")

    def lookup_stats(self, ids):
        spec = P(self.plan.data_axis, self.plan.shard_axis)
        ids = jax.device_put(ids, NamedSharding(self.mesh, spec))
        fn = jax.shard_map(self._row_counts, mesh=self.mesh, in_specs=spec,
                           out_specs=P(self.plan.data_axis, None))
        return fn(ids)


def inputs():
    rng = np.random.default_rng(0)
    ids = rng.integers(-1, 1000, size=(16, 8)).astype(np.int32)
    return (ids,)


def main(ids):
    tables = [EmbeddingBagConfig(f"t{i}", 1000, 16, [f"f{i}"]) for i in range(8)]
    ebc = ShardedEmbeddingBagCollection(tables)
    return ebc.lookup_stats(ids)


if __name__ == "__main__":
    main(*inputs())
